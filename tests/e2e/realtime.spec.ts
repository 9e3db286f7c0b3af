// docs/architecture.md#the-realtime-hub and decision 0016: one browser, one Pusher connection and one price
// connection however many tabs; prices tick; the hub survives a server restart; ?realtime=dedicated gives each tab
// its own.
import type { BrowserContext, Page } from '@playwright/test'
import { test, expect, signInThroughForm } from './support/fixtures'
import { DEMO_CUSTOMER } from './support/server'

async function gauges(baseUrl: string) {
  const text = await (await fetch(`${baseUrl}/metrics`)).text()
  const read = (name: string) => Number(new RegExp(`^${name} (\\d+)`, 'm').exec(text)?.[1] ?? NaN)
  return { pusher: read('realtime_pusher_connections'), prices: read('price_feed_connections') }
}

async function signIn(page: Page, baseUrl: string, search = '') {
  await page.goto(`${baseUrl}/${search}`)
  await signInThroughForm(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password)
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
}

async function openDashboards(context: BrowserContext, baseUrl: string, count: number, search = '') {
  const pages: Page[] = []
  for (let index = 0; index < count; index += 1) {
    const page = await context.newPage()
    await page.goto(`${baseUrl}/main/dashboard${search}`)
    await expect(page.getByTestId('market-row-btcusd')).toBeVisible()
    pages.push(page)
  }
  return pages
}

/**
 * The counts below are the server's, and the shared server's are every test's of the worker: wait until the
 * connections of the earlier tests, closed with their contexts, are gone, so that what is counted is this test's own.
 */
async function noConnectionsYet(baseUrl: string) {
  await expect.poll(() => gauges(baseUrl), { timeout: 30_000 }).toEqual({ pusher: 0, prices: 0 })
}

const bidOf = (page: Page, assetId: string) => page.getByTestId(`market-row-${assetId}`).getByTestId('bid')

test('three tabs share one Pusher and one price connection; closing all releases them', async ({
  context,
  sharedServer,
}) => {
  await noConnectionsYet(sharedServer.url)
  const first = await context.newPage()
  await signIn(first, sharedServer.url)
  const others = await openDashboards(context, sharedServer.url, 2)
  const tabs = [first, ...others]

  await expect.poll(() => gauges(sharedServer.url)).toEqual({ pusher: 1, prices: 1 })
  for (const tab of tabs) await expect(tab.getByTestId('connection-indicator')).toHaveText('Live')

  // Prices visibly tick in every tab (the simulator moves crypto fastest).
  for (const tab of tabs) {
    const before = await bidOf(tab, 'btcusd').textContent()
    await expect.poll(() => bidOf(tab, 'btcusd').textContent(), { timeout: 20_000 }).not.toBe(before)
  }

  await others[0]?.close()
  await others[1]?.close()
  const before = await bidOf(first, 'btcusd').textContent()
  await expect.poll(() => bidOf(first, 'btcusd').textContent(), { timeout: 20_000 }).not.toBe(before)
  expect(await gauges(sharedServer.url)).toEqual({ pusher: 1, prices: 1 })

  await first.close()
  await expect.poll(() => gauges(sharedServer.url), { timeout: 15_000 }).toEqual({ pusher: 0, prices: 0 })
})

test('a server restart shows Reconnecting and recovers without a reload', async ({ page, ownServer }) => {
  await signIn(page, ownServer.url)
  await expect(page.getByTestId('connection-indicator')).toHaveText('Live')

  await ownServer.stop()
  // The browser is online: the account area's indicator (decision 0021) says Reconnecting, never Offline or Live.
  await expect(page.getByTestId('connection-indicator')).toHaveText('Reconnecting')
  await ownServer.start()
  await expect(page.getByTestId('connection-indicator')).toHaveText('Live', { timeout: 45_000 })
  const before = await bidOf(page, 'btcusd').textContent()
  await expect.poll(() => bidOf(page, 'btcusd').textContent(), { timeout: 30_000 }).not.toBe(before)
  await expect.poll(() => gauges(ownServer.url)).toEqual({ pusher: 1, prices: 1 })
})

test('?realtime=dedicated gives each tab its own connections', async ({ context, sharedServer }) => {
  await noConnectionsYet(sharedServer.url)
  const first = await context.newPage()
  await signIn(first, sharedServer.url, '?realtime=dedicated')
  await first.goto(`${sharedServer.url}/main/dashboard?realtime=dedicated`)
  const [second] = await openDashboards(context, sharedServer.url, 1, '?realtime=dedicated')
  await expect.poll(() => gauges(sharedServer.url), { timeout: 15_000 }).toEqual({ pusher: 2, prices: 2 })
  const before = await bidOf(second!, 'btcusd').textContent()
  await expect.poll(() => bidOf(second!, 'btcusd').textContent(), { timeout: 20_000 }).not.toBe(before)
})
