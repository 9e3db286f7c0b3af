// Issue 4's main-thread budget on /mt4: every figure that moves with the feed (watch bid/ask, Buy/Sell prices, the
// change %, a position's price and P/L, the account figures) is a LiveText, so a tick lays out only that figure's
// box. A Chromium trace while prices tick, with a position open, must show layouts, and every one of them a subtree
// layout: one figure outside a LiveText turns them into layouts of the whole page from its root (about 1.5 ms each
// on this machine instead of 0.3, tests/bench/README.md).
import type { Page } from '@playwright/test'
import { test, expect, signInThroughForm } from './support/fixtures'
import { DEMO_CUSTOMER } from './support/server'

interface TraceEvent {
  name: string
  ph: string
  pid: number
  tid: number
  args?: { name?: string; beginData?: { partialLayout?: boolean; dirtyObjects?: number } }
}

async function traceMainThreads(page: Page, durationMs: number): Promise<TraceEvent[]> {
  const cdp = await page.context().newCDPSession(page)
  const events: TraceEvent[] = []
  let complete: () => void = () => undefined
  const completed = new Promise<void>((resolve) => (complete = resolve))
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])))
  cdp.on('Tracing.tracingComplete', () => complete())
  await cdp.send('Tracing.start', {
    traceConfig: { includedCategories: ['devtools.timeline', '__metadata'] },
    transferMode: 'ReportEvents',
  })
  await page.waitForTimeout(durationMs)
  await cdp.send('Tracing.end')
  await completed
  await cdp.detach()
  const mainThreads = new Set(
    events
      .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  )
  return events.filter((event) => mainThreads.has(`${event.pid}:${event.tid}`))
}

test('ticking prices lay out only their own figures, never the page from its root', async ({
  page,
  ownServer,
}) => {
  test.slow()
  await page.goto(`${ownServer.url}/`)
  await signInThroughForm(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password)
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
  await page.goto(`${ownServer.url}/mt4`)
  await expect(page.getByTestId('active-asset')).toHaveText('BTC/USD')

  // An open position, so its price and P/L and the account figures tick too.
  await page.getByTestId('open-buy-ticket').click()
  const ticket = page.getByRole('dialog', { name: 'Buy order' })
  await ticket.getByRole('button', { name: /^Buy \d/ }).click()
  await expect(page.locator('[data-testid^="position-row-"]')).toHaveCount(1)
  const pnl = page.getByTestId('position-pnl')
  const firstPnl = await pnl.textContent()
  await expect(pnl).not.toHaveText(firstPnl ?? '', { timeout: 20_000 })
  // Toasts come and go with layouts of their own; trace once they have gone.
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 })

  const events = await traceMainThreads(page, 6_000)
  const layouts = events.filter((event) => event.name === 'Layout' && event.ph === 'X')
  // 200 ticks/s over 100 assets: BTC/USD ticks about twice a second, moving the Buy/Sell prices, the position and
  // the account figures, and the watch's rows in view change now and then (it renders only those, decision 0016).
  expect(layouts.length).toBeGreaterThan(5)
  const fromRoot = layouts.filter((event) => !event.args?.beginData?.partialLayout)
  expect(
    fromRoot.map((event) => `layout from the root, ${event.args?.beginData?.dirtyObjects} dirty objects`),
  ).toEqual([])
})
