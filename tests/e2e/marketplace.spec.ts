// Decision 0012: the marketplace as the demo customer (Basic plan, owns Trend Rider, $10,000): search, category and
// filter in the URL with defaults dropped; buying an advisor; the Pro-only advisor's plan message; the auto trader
// request answered by an admin while the workspace is open. The tests that buy, ask or look at the plans have a
// customer of their own on the shared server who starts as the demo customer does, so the demo customer's balance,
// advisors and requests stay the seed's.
import type { Page } from '@playwright/test'
import { test, expect, signInThroughForm } from './support/fixtures'
import { approveAutoTrader, demoLikeCustomer } from './support/api'
import { DEMO_CUSTOMER } from './support/server'

type Credentials = { email: string; password: string }

async function signIn(page: Page, baseUrl: string, credentials: Credentials = DEMO_CUSTOMER) {
  await page.goto(`${baseUrl}/`)
  await signInThroughForm(page, credentials.email, credentials.password)
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
}

async function openMarketplace(page: Page, baseUrl: string, credentials: Credentials = DEMO_CUSTOMER) {
  await signIn(page, baseUrl, credentials)
  await page.goto(`${baseUrl}/main/marketplace`)
  await expect(page.getByRole('heading', { name: 'Marketplace', level: 1 })).toBeVisible()
  await expect(page.getByRole('article', { name: 'Trend Rider' })).toBeVisible()
}

/** A category or filter pill, as a person picks it: by its label within its group. */
const choose = (page: Page, group: 'Category' | 'Show', label: string) =>
  page.getByRole('group', { name: group }).getByText(label, { exact: true }).click()

// A locator, so the expectations below wait for the cards (after a navigation the URL and the search box are ready
// before the catalogue's answer).
const cardNames = (page: Page) => page.getByRole('article').getByRole('heading')

test('search, category and filter live in the URL, defaults dropped @mobile', async ({
  page,
  sharedServer,
}) => {
  const base = `${sharedServer.url}/main/marketplace`
  await openMarketplace(page, sharedServer.url)
  await expect(page).toHaveURL(base)
  // Popular: most downloaded first.
  await expect(cardNames(page)).toHaveText([
    'Trend Rider',
    'Risk Guard',
    'Scalper Pro',
    'Grid Master',
    'Quantum Edge',
  ])

  await choose(page, 'Show', 'Free')
  await expect(page).toHaveURL(`${base}?filter=free`)
  await expect(page.getByRole('article')).toHaveCount(1)
  await expect(page.getByRole('article', { name: 'Trend Rider' })).toBeVisible()

  await choose(page, 'Category', 'Others')
  await expect(page).toHaveURL(`${base}?category=others&filter=free`)
  await expect(page.getByText('No items found matching your criteria')).toBeVisible()

  await choose(page, 'Show', 'Popular')
  await expect(page).toHaveURL(`${base}?category=others`)
  await expect(cardNames(page)).toHaveText(['Risk Guard'])

  await choose(page, 'Category', 'All')
  await expect(page).toHaveURL(base)

  await page.getByRole('searchbox', { name: 'Search' }).fill('scalper')
  await expect(page).toHaveURL(`${base}?search=scalper`)
  await expect(cardNames(page)).toHaveText(['Scalper Pro'])

  await choose(page, 'Show', 'Purchased')
  await expect(page).toHaveURL(`${base}?search=scalper&filter=purchased`)
  await expect(page.getByText('No items found matching your criteria')).toBeVisible()

  // A shared link spelling the defaults out loses them; its search stays, and the page shows it.
  await page.goto(`${base}?category=all&filter=popular&search=grid`)
  await expect(page).toHaveURL(`${base}?search=grid`)
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('grid')
  await expect(cardNames(page)).toHaveText(['Grid Master'])
})

test('buy an advisor: confirmed, charged once, owned, and it can run @mobile', async ({
  page,
  sharedServer,
}) => {
  // A whole purchase, a switch and a reload.
  test.slow()
  const customer = await demoLikeCustomer(sharedServer.url, 'buy-advisor')
  await openMarketplace(page, sharedServer.url, customer)
  const balance = page.getByTestId('marketplace-balance')
  await expect(balance).toHaveText('$10,000.00')

  const riskGuard = page.getByRole('article', { name: 'Risk Guard' })
  await expect(riskGuard.getByTestId('advisor-price')).toHaveText('$49.00')
  await riskGuard.getByRole('button', { name: 'Buy' }).click()
  const confirm = page.getByRole('dialog', { name: 'Confirm purchase' })
  await expect(confirm).toContainText('Buy Risk Guard for $49.00?')
  await confirm.getByRole('button', { name: 'Confirm purchase' }).click()

  await expect(page.getByText('Expert Advisor purchased successfully')).toBeVisible()
  await expect(balance).toHaveText('$9,951.00')
  await expect(riskGuard.getByRole('button', { name: 'Owned' })).toBeDisabled()
  await expect(riskGuard.getByRole('button', { name: 'Buy' })).toHaveCount(0)

  // The automated trading panel comes with ownership, and its state is the server's.
  await expect(riskGuard.getByTestId('advisor-running-state')).toHaveText('Stopped')
  await riskGuard.getByText('Automated trading').click()
  await expect(riskGuard.getByTestId('advisor-running-state')).toHaveText('Running')
  await page.reload()
  await expect(
    page.getByRole('article', { name: 'Risk Guard' }).getByTestId('advisor-running-state'),
  ).toHaveText('Running')
  await expect(page.getByTestId('marketplace-balance')).toHaveText('$9,951.00')

  // Purchased lists it beside the advisor owned from the start.
  await choose(page, 'Show', 'Purchased')
  await expect(cardNames(page)).toHaveText(['Trend Rider', 'Risk Guard'])
})

test("the Pro-only advisor says it is not for the customer's plan and leads to the plans", async ({
  page,
  sharedServer,
}) => {
  const customer = await demoLikeCustomer(sharedServer.url, 'pro-only')
  await openMarketplace(page, sharedServer.url, customer)
  const quantum = page.getByRole('article', { name: 'Quantum Edge' })
  await expect(
    quantum.getByText('This Expert Advisor is not available for your plan. Please upgrade to access it.'),
  ).toBeVisible()
  await expect(quantum.getByRole('button', { name: 'Buy' })).toHaveCount(0)

  await quantum.getByRole('button', { name: 'Compare plans' }).click()
  const plans = page.getByRole('dialog', { name: 'Account plans' })
  await expect(plans.getByRole('columnheader', { name: /Pro/ })).toContainText('Recommended')
  await expect(plans.getByRole('columnheader', { name: /Basic/ })).toContainText('Current plan')
  await expect(plans.getByRole('row', { name: /Minimum deposit/ })).toContainText('$5,000.00')
  await plans.getByRole('button', { name: 'Upgrade to Pro' }).click()
  await expect(page.locator('[data-sonner-toast]').first()).toBeVisible()
})

test('auto trader: requested, shown pending, then approved live without a reload', async ({
  page,
  sharedServer,
}) => {
  // Two requests, an admin's approval and a live update.
  test.slow()
  const customer = await demoLikeCustomer(sharedServer.url, 'auto-trader')
  await signIn(page, sharedServer.url, customer)
  await page.goto(`${sharedServer.url}/mt4`)
  const algoTrader = page.getByTestId('algo-trader')
  await expect(algoTrader.getByRole('heading', { name: 'Algo Trader' })).toBeVisible()
  // The owned advisor is listed with its switch.
  await expect(algoTrader.getByRole('listitem').filter({ hasText: 'Trend Rider' })).toContainText('Stopped')
  // A marker a reload would wipe.
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }))

  const activate = async () => {
    await algoTrader.getByRole('button', { name: 'Auto Trader' }).click()
    const dialog = page.getByRole('dialog', { name: 'Auto Trader' })
    await expect(dialog.getByRole('radio', { name: /Medium/ })).toBeChecked()
    await expect(dialog.getByRole('button', { name: 'Activate' })).toBeDisabled()
    await dialog.getByText('I accept the risks of automated trading').click()
    await dialog.getByRole('button', { name: 'Activate' }).click()
    return dialog
  }

  await activate()
  await expect(page.getByText('AutoTrader settings saved successfully.')).toBeVisible()
  await expect(page.getByRole('dialog', { name: 'Auto Trader' })).toHaveCount(0)

  // Pending until decided, and not asked for again (decision 0018: 'settings saved' was the only trace of it); the
  // server's refusal of a second request is the integration suite's.
  await algoTrader.getByRole('button', { name: 'Auto Trader pending' }).click()
  const pending = page.getByRole('dialog', { name: 'Auto Trader' })
  await expect(pending.getByRole('status')).toHaveText(
    'Your auto trader request is waiting for an admin to decide it.',
  )
  await expect(pending.getByRole('button', { name: 'Activate' })).toHaveCount(0)
  await page.keyboard.press('Escape')
  await expect(pending).toHaveCount(0)

  // user.updated needs the live connection; sent before it is up it would only arrive with the 30 s poll.
  await expect(page.getByTestId('connection-indicator')).toHaveText('Live', { timeout: 30_000 })
  await approveAutoTrader(sharedServer.url, customer.id)
  await expect(algoTrader.getByRole('button', { name: 'Auto Trader Active' })).toBeVisible()
  expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true)
})
