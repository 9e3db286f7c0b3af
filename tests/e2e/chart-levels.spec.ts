// Decision 0034 on the chart: a position's stop-loss is drawn as a line with a handle; dragging the handle down 40 px
// and confirming moves the stop-loss on the server, the positions row says so, and the handle stays at the new
// level. A customer of this test's own on the shared server, starting as the demo customer does, so no other test's
// positions are drawn.
import { demoLikeCustomer, openPosition } from './support/api'
import { test, expect, signedInContext } from './support/fixtures'
import { apiLogin } from './support/server'
import { closeWelcome } from './support/workspace'

/** The workspace's price format (src/domain/format/numbers.ts): 5 decimals, grouped. */
const number = (text: string) => Number(text.replaceAll(',', ''))

async function api<T>(baseUrl: string, token: string, method: 'GET' | 'PATCH', path: string, body?: unknown) {
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

test('drag a position’s stop-loss line down, confirm, and the stop-loss moves there @mobile', async ({
  newContext,
  sharedServer,
  isMobile,
}, testInfo) => {
  // A position, a page, a push, a drag and a confirmation: more than the default budget on a busy machine.
  test.slow()
  const customer = await demoLikeCustomer(sharedServer.url, 'chart-levels')
  const token = await apiLogin(sharedServer.url, customer)
  // Quarter hours: the scale spans hours of prices. The chart shows about the last 45 of them on a phone, all of
  // them wider.
  const { data: candles } = await api<{ data: { low: number; high: number }[] }>(
    sharedServer.url,
    token,
    'GET',
    '/assets/btcusd/candles?tf=15m',
  )
  const shown = isMobile ? candles.slice(-45) : candles
  const low = Math.min(...shown.map((candle) => candle.low))
  const high = Math.max(...shown.map((candle) => candle.high))
  const { data: assets } = await api<{ data: { asset_id: string; rate: number }[] }>(
    sharedServer.url,
    token,
    'GET',
    '/assets',
  )
  const rate = assets.find((asset) => asset.asset_id === 'btcusd')!.rate
  // Room to drag the stop-loss down, on the scale and on its side of the market: a buy's stop-loss under the market
  // while the market sits high on the scale, a sell's above it while it sits low.
  const side = rate - low >= 0.4 * (high - low) ? 'buy' : 'sell'
  const tradeId = await openPosition(sharedServer.url, token, 'BTCUSD', side, 0.01)

  const page = await (await signedInContext(newContext, sharedServer.url, customer)).newPage()
  await page.goto(`${sharedServer.url}/mt4`)
  await expect(page.getByTestId('active-asset')).toHaveText('BTC/USD')
  const row = page.getByTestId(`position-row-${tradeId}`)
  await expect(row).toBeVisible()
  await closeWelcome(page)
  await page.getByRole('button', { name: '15m', exact: true }).click()

  // Set once the page is up (one set earlier could be reached while it loads), from the price the position closes
  // at as the server marks it now: a buy's halfway down to the low, a sell's 70 % of the way up to the high.
  const { data: open } = await api<{ data: { id: number; closing_price: number }[] }>(
    sharedServer.url,
    token,
    'GET',
    '/open/trades?page=1',
  )
  const closing = open.find((trade) => trade.id === tradeId)!.closing_price
  const stopLoss = Number(
    (side === 'buy' ? closing - (closing - low) / 2 : closing + 0.7 * (high - closing)).toFixed(2),
  )
  testInfo.annotations.push({
    type: 'levels',
    description: `${side} at ${closing}, scale ${low}-${high}, SL ${stopLoss}`,
  })
  await api(sharedServer.url, token, 'PATCH', `/trade/${tradeId}`, { stop_loss: stopLoss })

  // The push (trade.updated) brings it to the positions row and the chart.
  const slShown = async () => number(/SL ([\d,]+\.\d{5})/.exec((await row.textContent()) ?? '')?.[1] ?? 'NaN')
  await expect.poll(slShown).toBe(stopLoss)
  const before = stopLoss

  const handle = page.getByTestId(`chart-level-trade:${tradeId}:sl`)
  await expect(handle).toBeVisible()
  await expect(handle).toHaveAccessibleName(/^Stop loss [\d,]+\.\d{5}: drag to move$/)
  await testInfo.attach('chart-levels', { body: await page.screenshot(), contentType: 'image/png' })
  // Inside the chart, on a phone too.
  const chartBox = (await page.getByTestId('asset-chart-canvas').boundingBox())!
  const start = (await handle.boundingBox())!
  expect(start.x).toBeGreaterThanOrEqual(chartBox.x)
  expect(start.x + start.width).toBeLessThanOrEqual(chartBox.x + chartBox.width)

  // Drag it down by 40 px, in steps, as a hand would.
  const x = start.x + start.width / 2
  const y = start.y + start.height / 2
  await page.mouse.move(x, y)
  await page.mouse.down()
  await page.mouse.move(x, y + 20, { steps: 5 })
  await page.mouse.move(x, y + 40, { steps: 5 })
  await expect(handle).toContainText('→')
  // Where the line was dropped (the pane's edge stops it, on a phone's short chart).
  const dropped = (await handle.boundingBox())!
  expect(dropped.y).toBeGreaterThan(start.y)
  await page.mouse.up()

  const dialog = page.getByRole('dialog', { name: 'Move stop loss' })
  await expect(dialog).toBeVisible()
  const prices = /^From ([\d,]+\.\d{5}) to ([\d,]+\.\d{5})$/.exec(
    (await dialog.getByTestId('level-move-prices').textContent()) ?? '',
  )
  expect(number(prices![1]!)).toBe(before)
  const target = number(prices![2]!)
  expect(target).toBeLessThan(before)
  await testInfo.attach('confirm-level-move', { body: await page.screenshot(), contentType: 'image/png' })
  await dialog.getByRole('button', { name: 'Confirm' }).click()
  await expect(page.getByText('Position modified')).toBeVisible()
  await expect(dialog).toBeHidden()

  // The positions row shows the server's stop-loss, and the handle stays at the new level after the refetch.
  await expect.poll(slShown).toBe(target)
  await expect(handle).toHaveAccessibleName(`Stop loss ${prices![2]}: drag to move`)
  await expect(handle).not.toContainText('→')
  const after = (await handle.boundingBox())!
  // The scale may have moved a little with the market since: within a few pixels of where it was dropped.
  expect(Math.abs(after.y - dropped.y)).toBeLessThan(8)
  await testInfo.attach('chart-levels-after', { body: await page.screenshot(), contentType: 'image/png' })
})
