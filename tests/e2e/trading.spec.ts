// Decision 0011: the /mt4 workspace as the demo customer. Orders are priced by the server; a position's P/L and the
// account figures move with the live prices; closing books exactly the realised P/L; another tab follows live. The
// tests that trade have a customer of their own on the shared server, starting as the demo customer does, so no
// other test's positions are listed and the demo customer's balance stays the seed's.
import type { Page } from '@playwright/test'
import { demoLikeCustomer } from './support/api'
import { test, expect, signInThroughForm } from './support/fixtures'
import { DEMO_CUSTOMER } from './support/server'

async function openWorkspace(
  page: Page,
  baseUrl: string,
  credentials: { email: string; password: string } = DEMO_CUSTOMER,
) {
  await page.goto(`${baseUrl}/`)
  await signInThroughForm(page, credentials.email, credentials.password)
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
  // /trading is the trading area, which is this workspace.
  await page.goto(`${baseUrl}/trading`)
  await expect(page).toHaveURL(`${baseUrl}/mt4`)
  await expect(page.getByTestId('active-asset')).toHaveText('BTC/USD')
}

/** '$10,000.00' or '-$2.92' or '+$1.00' -> cents, so sums are exact. */
const cents = (text: string | null) => {
  const match = /^([+-]?)\$([\d,]+)\.(\d{2})$/.exec((text ?? '').trim())
  if (!match) throw new Error(`not a money figure: ${text}`)
  const value = Number(match[2]!.replaceAll(',', '')) * 100 + Number(match[3])
  return match[1] === '-' ? -value : value
}

async function placeOrder(page: Page, side: 'buy' | 'sell') {
  await page.getByTestId(`open-${side}-ticket`).click()
  const ticket = page.getByRole('dialog', { name: `${side === 'buy' ? 'Buy' : 'Sell'} order` })
  await expect(ticket.getByLabel('Volume (lots)')).toHaveValue('0.01')
  // Decision 0018: the unread welcome notification covered the ticket's unit selector and volume; it waits instead.
  await expect(page.getByTestId('notification-alert')).toHaveCount(0)
  await ticket.getByRole('button', { name: side === 'buy' ? /^Buy \d/ : /^Sell \d/ }).click()
}

for (const side of ['buy', 'sell'] as const) {
  test(`${side} 0.01 lot, watch the P/L move, close it and book exactly the realised P/L @mobile`, async ({
    page,
    sharedServer,
  }) => {
    // Waits for the market to move twice (the price, then the P/L); the simulator's ticks are random.
    test.slow()
    const customer = await demoLikeCustomer(sharedServer.url, `trading-${side}`)
    await openWorkspace(page, sharedServer.url, customer)

    // Prices tick.
    const price = page.getByTestId(`${side}-price`)
    const firstPrice = await price.textContent()
    await expect(price).not.toHaveText(firstPrice ?? '', { timeout: 15_000 })

    // Every account figure is on screen without scrolling sideways, on a phone too.
    const viewportWidth = page.viewportSize()?.width ?? 0
    for (const figure of ['balance', 'equity', 'margin', 'free-margin', 'margin-level', 'pnl']) {
      const box = await page.getByTestId(`summary-${figure}`).boundingBox()
      expect(box && box.x >= 0 && box.x + box.width <= viewportWidth, figure).toBe(true)
    }

    const balanceBefore = cents(await page.getByTestId('summary-balance').textContent())
    await placeOrder(page, side)
    const placed = page.getByText(side === 'buy' ? 'Buy order placed' : 'Sell order placed')
    await expect(placed).toBeVisible()
    await expect(page.getByText(/^0\.01 lots? \(0\.01 units?\) at [\d,]+\.\d{5}$/)).toBeVisible()

    // The position is listed and its P/L moves with the market; equity moves with it.
    const row = page.locator('[data-testid^="position-row-"]').filter({ hasText: side.toUpperCase() }).first()
    await expect(row).toBeVisible()
    // The asset's symbol_display, as everywhere else (decision 0018: positions said 'BTCUSD').
    await expect(row).toContainText('BTC/USD')
    // Both position tabs whole, on a phone too (decision 0018: 'CTIVE POSITIONS').
    const tabList = await page
      .getByRole('tablist')
      .filter({ has: page.getByRole('tab', { name: /^ACTIVE POSITIONS/ }) })
      .boundingBox()
    for (const name of [/^ACTIVE POSITIONS/, /^POSITIONS HISTORY$/]) {
      const tab = await page.getByRole('tab', { name }).boundingBox()
      expect(
        tab && tabList && tab.x >= tabList.x && tab.x + tab.width <= tabList.x + tabList.width + 0.5,
        String(name),
      ).toBe(true)
    }
    const pnl = row.getByTestId('position-pnl')
    const firstPnl = await pnl.textContent()
    await expect(pnl).not.toHaveText(firstPnl ?? '', { timeout: 20_000 })
    const equity = page.getByTestId('summary-equity')
    // Read together: both move with every tick, so they agree once no tick lands between the two reads.
    await expect
      .poll(async () => {
        const [equityText, pnlText] = await Promise.all([equity.textContent(), pnl.textContent()])
        return cents(equityText) - balanceBefore - cents(pnlText)
      })
      .toBe(0)

    // Close through the confirmation dialog.
    await row.getByRole('button', { name: /^Close / }).click()
    const confirm = page.getByRole('dialog', { name: /close position/i })
    await confirm.getByRole('button', { name: /^(Confirm|Close position)/ }).click()
    await expect(page.getByText('Position successfully closed')).toBeVisible()
    await expect(page.locator('[data-testid^="position-row-"]')).toHaveCount(0)
    await expect(page.getByText('No active orders found')).toBeVisible()

    // History holds it; the balance changed by exactly its realised P/L.
    await page.getByRole('tab', { name: 'POSITIONS HISTORY' }).click()
    const history = page.locator('[data-testid^="history-row-"]').first()
    await expect(history).toBeVisible()
    const realised = cents(await history.getByTestId('history-pnl').textContent())
    await expect
      .poll(async () => cents(await page.getByTestId('summary-balance').textContent()), { timeout: 10_000 })
      .toBe(balanceBefore + realised)
  })
}

test('a second tab sees a new position without a reload', async ({ context, sharedServer }) => {
  const customer = await demoLikeCustomer(sharedServer.url, 'trading-tabs')
  const first = await context.newPage()
  await openWorkspace(first, sharedServer.url, customer)
  const second = await context.newPage()
  await second.goto(`${sharedServer.url}/mt4`)
  await expect(second.getByText('No active orders found')).toBeVisible()

  await placeOrder(first, 'buy')
  await expect(first.getByText('Buy order placed')).toBeVisible()
  // Pushed by trade.updated through the browser's one realtime hub; no reload, no poll in 30 s.
  await expect(second.locator('[data-testid^="position-row-"]')).toHaveCount(1, { timeout: 10_000 })
})

test('the profit calculator shows its four validation messages', async ({ page, sharedServer }) => {
  await openWorkspace(page, sharedServer.url)
  await page.getByRole('button', { name: 'Profit calculator' }).click()
  const dialog = page.getByRole('dialog', { name: /profit calculator/i })
  await dialog.getByLabel('Volume').fill('0')
  await dialog.getByLabel('Entry price').fill('-1')
  await dialog.getByLabel('Take profit').fill('-1')
  await dialog.getByLabel('Stop loss').fill('-1')
  await dialog.getByLabel('Stop loss').blur()
  await expect(dialog.getByText('Volume must be a positive number')).toBeVisible()
  await expect(dialog.getByText('Entry price must be a positive number')).toBeVisible()
  await expect(dialog.getByText('Take profit must be a non-negative number')).toBeVisible()
  await expect(dialog.getByText('Stop loss must be a non-negative number')).toBeVisible()
})

test("with no asset to trade, an order says 'No asset selected for trading.'", async ({
  page,
  sharedServer,
}) => {
  // No tradable assets (an empty list from the server): nothing can be selected.
  await page.route('**/api/v1/assets', (route) => route.fulfill({ json: { data: [] } }))
  await page.goto(`${sharedServer.url}/`)
  await signInThroughForm(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password)
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
  await page.goto(`${sharedServer.url}/mt4`)
  await expect(page.getByText('No assets found').first()).toBeVisible()
  await page.getByTestId('open-buy-ticket').click()
  await page.getByRole('dialog', { name: 'Buy order' }).getByRole('button', { name: /^Buy/ }).click()
  await expect(page.getByText('No asset selected for trading.')).toBeVisible()
})

test('the market watch holds a window of its rows: Tab walks on past it, and a market far down is one search away', async ({
  page,
  sharedServer,
}) => {
  await openWorkspace(page, sharedServer.url)
  const watch = page.getByRole('table', { name: 'Market Watch' })
  // The whole list for assistive technology: the head row, six type headings and 100 markets.
  await expect(watch).toHaveAttribute('aria-rowcount', '107')
  const rendered = watch.locator('[data-testid^="watch-row-"]')
  await expect(rendered.first()).toBeVisible()
  const windowRows = await rendered.count()
  expect(windowRows).toBeLessThan(50)
  // BTC/USD comes after the forex and stock groups: not in the document while the list shows its top.
  await expect(page.getByTestId('watch-row-btcusd')).toHaveCount(0)

  // Each row holds three stops (the symbol, the star, its menu); Tab from the first row goes past the window's last
  // row.
  await watch.getByRole('button', { name: 'EUR/USD', exact: true }).focus()
  for (let press = 0; press < 3 * (windowRows + 4); press += 1) await page.keyboard.press('Tab')
  const focusedRowIndex = await page.evaluate(() =>
    Number(document.activeElement?.closest('tr')?.getAttribute('aria-rowindex')),
  )
  expect(focusedRowIndex).toBeGreaterThan(windowRows + 4)
  // Scrolled into view below the sticky column heads, not under them.
  const focusedBox = await page.locator(':focus').boundingBox()
  const headBox = await watch.locator('thead').boundingBox()
  const scrollerBox = await watch.locator('xpath=..').boundingBox()
  expect(focusedBox!.y).toBeGreaterThanOrEqual(headBox!.y + headBox!.height - 1)
  expect(focusedBox!.y + focusedBox!.height).toBeLessThanOrEqual(scrollerBox!.y + scrollerBox!.height + 1)

  await page.getByRole('button', { name: 'Search assets' }).click()
  await page.getByRole('searchbox', { name: 'Search assets' }).fill('bitcoin')
  await expect(page.getByTestId('watch-row-btcusd')).toBeVisible()
})

test(
  'on a wide screen the positions panel, the market watch and the Algo Trader list resize, and keep their sizes',
  { tag: '@mobile' },
  async ({ page, sharedServer, isMobile }, testInfo) => {
    await openWorkspace(page, sharedServer.url)
    if (isMobile) {
      // Phones keep their fixed layout (decision 0023's defect was the 1280 x 800 one): no handle to grab.
      await expect(page.getByRole('separator', { name: 'Resize the positions panel' })).toBeHidden()
      await testInfo.attach('workspace-phone', { body: await page.screenshot(), contentType: 'image/png' })
      // The side menu reaches the bottom of the screen (decision 0023: it stopped short), and names the account by
      // plan and id.
      await page.getByRole('button', { name: 'Open menu' }).click()
      const menu = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Close menu' }) })
      await expect(menu.getByRole('radiogroup', { name: 'Accounts' })).toContainText('Basic · CFD1000001')
      // Polled: the menu slides in, and mid-way its box is still short of the bottom.
      await expect
        .poll(async () => {
          const box = await menu.boundingBox()
          return box ? box.y + box.height : 0
        })
        .toBeGreaterThanOrEqual(page.viewportSize()!.height - 1)
      await testInfo.attach('side-menu-phone', { body: await page.screenshot(), contentType: 'image/png' })
      return
    }
    const positions = page.getByRole('region', { name: 'Positions' })
    const chart = page.locator('#workspace-chart')
    const sidebar = page.getByRole('complementary', { name: 'Market watch' })
    const heightOf = async (locator: typeof chart) => (await locator.boundingBox())!.height
    const before = { positions: await heightOf(positions), chart: await heightOf(chart) }
    const sidebarBefore = (await sidebar.boundingBox())!.width
    const visibleRows = () => page.locator('[data-testid^="watch-row-"]').count()
    await expect(page.locator('[data-testid^="watch-row-"]').first()).toBeVisible()

    // The Algo Trader list shrinks to its least with Home, and the market watch above it shows more rows.
    const rowsBefore = await visibleRows()
    const algoHandle = page.getByRole('separator', { name: 'Resize the Algo Trader list' })
    await algoHandle.focus()
    await page.keyboard.press('Home')
    await expect(algoHandle).toHaveAttribute('aria-valuenow', String(96))
    await expect.poll(visibleRows).toBeGreaterThan(rowsBefore)

    // The market watch by keyboard: each Left arrow widens it by 16 px.
    await page.getByRole('separator', { name: 'Resize the market watch' }).focus()
    for (let press = 0; press < 4; press += 1) await page.keyboard.press('ArrowLeft')
    await expect.poll(async () => (await sidebar.boundingBox())!.width).toBeCloseTo(sidebarBefore + 64, 0)

    // Drag the positions panel's top edge 150 px up: the panel grows by that much and the chart gives it up.
    const positionsHandle = page.getByRole('separator', { name: 'Resize the positions panel' })
    const box = (await positionsHandle.boundingBox())!
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
    await page.mouse.down()
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 - 150, { steps: 5 })
    await page.mouse.up()
    await expect.poll(() => heightOf(positions)).toBeCloseTo(before.positions + 150, -1)
    expect(await heightOf(chart)).toBeCloseTo(before.chart - 150, -1)
    await testInfo.attach('workspace-resized', { body: await page.screenshot(), contentType: 'image/png' })

    // Kept per browser: a reload shows the same sizes.
    const resized = { positions: await heightOf(positions), sidebar: (await sidebar.boundingBox())!.width }
    await page.reload()
    await expect(page.getByTestId('active-asset')).toHaveText('BTC/USD')
    await expect.poll(() => heightOf(positions)).toBeCloseTo(resized.positions, 0)
    expect((await sidebar.boundingBox())!.width).toBeCloseTo(resized.sidebar, 0)
  },
)
