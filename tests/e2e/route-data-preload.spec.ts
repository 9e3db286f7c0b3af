// Decision 0042: routes own their data. A page's loader asks for what the page shows, and the router runs it when a
// link to the page is hovered (`defaultPreload: 'intent'` in src/main.tsx), so the data is on its way before the
// click.
import { test, expect, signedInContext } from './support/fixtures'
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
