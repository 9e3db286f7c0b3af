// Decision 0021 (decision 0021): /mt4 reloaded offline shows what this browser last saw (the chart's last price, the
// positions with their P/L, the balance), each marked 'as of HH:MM', says Offline and keeps the order tickets shut
// with their reason; back online it refreshes without a reload. Every tab of the browser shows the same state.
import type { Page } from '@playwright/test'
import { activeCustomer, adjustBalance, openPosition } from './support/api'
import { test, expect, serviceWorkerActivated, signedInContext } from './support/fixtures'
import { apiLogin } from './support/server'

// This spec is about the service worker: it runs with one (the suite blocks it elsewhere, playwright.config.ts).
test.use({ serviceWorkers: 'allow' })

const OFFLINE_ORDER_REASON = 'Offline — orders need a connection'
const AS_OF = /^as of \d{2}:\d{2}$/

/** What the app keeps in IndexedDB for offline use (src/lib/db.ts): the kinds of query copies, and price rows. */
function storedForOffline(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{ kinds: string[]; prices: number }>((resolve, reject) => {
        const open = indexedDB.open('cfd-trader')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const db = open.result
          if (!db.objectStoreNames.contains('queryCopies')) {
            db.close()
            resolve({ kinds: [], prices: 0 })
            return
          }
          const transaction = db.transaction(['queryCopies', 'lastPrices'])
          const copies = transaction.objectStore('queryCopies').getAll()
          const prices = transaction.objectStore('lastPrices').count()
          transaction.oncomplete = () => {
            db.close()
            const kinds = (copies.result as { kind: string }[]).map((row) => row.kind)
            resolve({ kinds: [...new Set(kinds)].sort(), prices: prices.result })
          }
          transaction.onerror = () => reject(transaction.error)
        }
      }),
  )
}

test('reloaded offline, /mt4 shows the last known figures as of their time, shut to orders; back online it goes live', async ({
  newContext,
  sharedServer,
}) => {
  const customer = await activeCustomer(sharedServer.url, 'offline')
  await adjustBalance(sharedServer.url, customer.id, '5000.00')
  const token = await apiLogin(sharedServer.url, customer)
  const positionId = await openPosition(sharedServer.url, token, 'BTCUSD', 'buy', 0.01)
  const context = await signedInContext(newContext, sharedServer.url, customer)

  const page = await context.newPage()
  await page.goto(`${sharedServer.url}/mt4`)
  const indicator = page.getByTestId('connection-indicator')
  const position = page.getByTestId(`position-row-${positionId}`)
  const lastPrice = page.getByTestId('chart-last-price')
  await expect(indicator).toHaveText('Live')
  await expect(position).toBeVisible()
  await expect(lastPrice).toHaveText(/\d/)
  await expect(page.getByTestId('positions-as-of')).toHaveCount(0)
  const balance = page.getByTestId('summary-balance')
  await expect(balance).toHaveText(/5,000\.00/)
  // A returning visitor: the service worker controls the page and holds the last settings (offline.spec.ts).
  await serviceWorkerActivated(page)
  await page.reload()
  await expect(position).toBeVisible()
  await expect
    .poll(() =>
      page.evaluate(async () =>
        (await (await caches.open('api-settings')).keys()).some(
          (request) => new URL(request.url).pathname === '/api/v1/settings',
        ),
      ),
    )
    .toBe(true)
  // The copies are written in the background: wait until the user, assets, open trades, chart and prices are in.
  await expect
    .poll(() => storedForOffline(page))
    .toEqual({ kinds: ['assets', 'candles', 'trades', 'user'], prices: expect.any(Number) })
  expect((await storedForOffline(page)).prices).toBeGreaterThan(0)

  // A second tab of the same browser, on the account area.
  const second = await context.newPage()
  await second.goto(`${sharedServer.url}/main/dashboard`)
  await expect(second.getByTestId('connection-indicator')).toHaveText('Live')

  await context.setOffline(true)
  await expect(second.getByTestId('connection-indicator')).toHaveText('Offline')
  await page.reload()

  await expect(indicator).toHaveText('Offline')
  await expect(second.getByTestId('connection-indicator')).toHaveText('Offline')
  await expect(lastPrice).toHaveText(/\d/)
  await expect(page.getByTestId('chart-as-of')).toHaveText(AS_OF)
  await expect(position.getByTestId('position-pnl')).toHaveText(/\d/)
  await expect(page.getByTestId('positions-as-of')).toHaveText(AS_OF)
  await expect(balance).toHaveText(/5,000\.00/)
  await expect(page.getByTestId('account-as-of')).toHaveText(AS_OF)
  const buy = page.getByTestId('open-buy-ticket')
  await expect(buy).toBeDisabled()
  await expect(buy).toHaveAccessibleDescription(OFFLINE_ORDER_REASON)
  await expect(page.getByTestId('offline-banner')).toContainText(OFFLINE_ORDER_REASON)

  // Back online, without a reload: live again in both tabs, prices tick, the marks go and orders open.
  await context.setOffline(false)
  await expect(indicator).toHaveText('Live', { timeout: 30_000 })
  await expect(second.getByTestId('connection-indicator')).toHaveText('Live')
  const before = await lastPrice.textContent()
  await expect.poll(() => lastPrice.textContent(), { timeout: 20_000 }).not.toBe(before)
  for (const mark of ['chart-as-of', 'positions-as-of', 'account-as-of', 'prices-as-of']) {
    await expect(page.getByTestId(mark)).toHaveCount(0)
  }
  await expect(buy).toBeEnabled()
  await expect(page.getByTestId('offline-banner')).toHaveCount(0)
})
