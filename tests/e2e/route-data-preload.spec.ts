// Decision 0042: routes own their data. A page's loader asks for what the page shows, and the router runs it when a
// link to the page is hovered (`defaultPreload: 'intent'` in src/main.tsx), so the data is on its way before the
// click.
import type { Page } from '@playwright/test'
import { test, expect, expectLoginPage, signedInContext } from './support/fixtures'
import { DEMO_CUSTOMER } from './support/server'

test("hovering the Dashboard link asks for the dashboard's data before the click", async ({
  newContext,
  sharedServer,
}) => {
  const context = await signedInContext(newContext, sharedServer.url, DEMO_CUSTOMER)
  const page = await context.newPage()
  const asked: string[] = []
  page.on('request', (request) => asked.push(new URL(request.url()).pathname))

  // A signed-in page that shows neither the transactions nor the markets.
  await page.goto(`${sharedServer.url}/main/personal`)
  await expect(page.getByRole('heading', { name: 'Personal information', level: 1 })).toBeVisible()
  expect(asked).not.toContain('/api/v1/funds/transactions')

  const dashboardLink = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Dashboard' })
  const transactions = page.waitForRequest(
    (request) => new URL(request.url()).pathname === '/api/v1/funds/transactions',
  )
  await dashboardLink.hover()
  // The dashboard's loader ran on the hover: its recent transactions are requested with no click yet.
  await transactions
  await expect(page).toHaveURL(`${sharedServer.url}/main/personal`)

  const askedBeforeClick = asked.filter((path) => path === '/api/v1/funds/transactions').length
  await dashboardLink.click()
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Recent transactions' })).toBeVisible()
  // The page read what the hover loaded: it did not ask again on arrival.
  expect(asked.filter((path) => path === '/api/v1/funds/transactions').length).toBe(askedBeforeClick)
})

// Decision 0043, ninth pass: on a visit with a stored session, boot.js asks for the route's scripts beside the entry
// (the table the build writes in its tag's data-routes), where they used to wait for the entry to run and the router
// to match. The entry is held back here, so a script asked for before it arrives was asked for by boot.js.
test.describe('the signed-in route’s scripts download beside the entry', () => {
  const ENTRY = /\/assets\/index-[^/]+\.js$/

  async function visitWithEntryHeld(page: Page, url: string) {
    const askedBeforeEntry = new Set<string>()
    let entryArrived = false
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname
      if (!entryArrived && path.startsWith('/assets/') && !ENTRY.test(path)) askedBeforeEntry.add(path)
    })
    await page.route(ENTRY, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500))
      entryArrived = true
      await route.continue()
    })
    await page.goto(url)
    const routes = JSON.parse(
      (await page.locator('script[data-routes]').getAttribute('data-routes')) ?? 'null',
    ) as { shared: string[]; layouts: Record<string, string[]>; pages: Record<string, string[]> }
    return { askedBeforeEntry, routes }
  }

  test('signed in, /mt4’s scripts are asked for before the entry arrives', async ({
    newContext,
    sharedServer,
  }) => {
    const context = await signedInContext(newContext, sharedServer.url, DEMO_CUSTOMER)
    const page = await context.newPage()
    const { askedBeforeEntry, routes } = await visitWithEntryHeld(page, `${sharedServer.url}/mt4`)
    await expect(page.getByTestId('open-buy-ticket')).toBeVisible()
    const mt4Scripts = [...routes.shared, ...routes.layouts['/mt4']!, ...routes.pages['/mt4']!]
    expect(routes.pages['/mt4']!.length).toBeGreaterThan(0)
    for (const file of mt4Scripts) expect(askedBeforeEntry).toContain(`/assets/${file}`)
  })

  test('signed out, the sign-in page asks for no signed-in route’s script before the entry', async ({
    page,
    sharedServer,
  }) => {
    const { askedBeforeEntry, routes } = await visitWithEntryHeld(page, `${sharedServer.url}/mt4`)
    await expectLoginPage(page)
    for (const file of [...routes.shared, ...routes.pages['/mt4']!])
      expect(askedBeforeEntry).not.toContain(`/assets/${file}`)
  })
})
