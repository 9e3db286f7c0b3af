// Decision 0024 acceptance in Chromium: nginx round robin in front of two instances on one PostgreSQL and one Redis,
// with no sticky sessions. A customer and an admin whose realtime sockets sit on different instances chat live both
// ways, and a take-profit the leader instance closes reaches the admin's customer panel without a reload.
//
// Which instance holds a browser's socket is read from the instances themselves (each one's socket count on its own
// /metrics; the websocket handshake carries no X-Served-By); which instance took a request, from X-Served-By. A
// message only proves the fan-out when it was POSTed to the instance that does not hold the receiver's socket, so
// the tests keep sending until that has happened, and fail if it never does.
import type { BrowserContext, Page, Response } from '@playwright/test'
import pg from 'pg'
import { test, expect, signedInContext } from './support/fixtures'
import { demoCustomerId } from './support/api'
import { startCluster, INSTANCE_IDS, type InstanceId, type RunningCluster } from './support/cluster'
import { apiLogin, DEMO_ADMIN, DEMO_CUSTOMER } from './support/server'

test.describe.configure({ mode: 'serial' })

let cluster: RunningCluster
let customerId: number

test.beforeAll(async () => {
  test.setTimeout(90_000)
  cluster = await startCluster({
    // Prices move often enough for a level near the price to be crossed within seconds, whatever the day.
    PRICE_TICKS_PER_SECOND: '400',
    PRICE_IGNORE_MARKET_HOURS: 'true',
  })
  customerId = await demoCustomerId(cluster.url)
})

test.afterAll(async () => {
  await cluster?.stop()
})

const other = (id: InstanceId): InstanceId => (id === 'a' ? 'b' : 'a')

/** The instance that answered a response (every instance names itself; nginx passes it on). */
function servedBy(response: Response): InstanceId {
  const id = response.headers()['x-served-by']
  if (id !== 'a' && id !== 'b') throw new Error(`X-Served-By is '${id}' on ${response.url()}`)
  return id
}

/** One request through nginx, so that round robin sends the next one to the other instance. */
async function nudgeRoundRobin(): Promise<InstanceId> {
  const response = await fetch(`${cluster.url}/healthz`)
  return response.headers.get('x-served-by') as InstanceId
}

/**
 * Steers round robin so that the next request through nginx goes to `target`: requests until two in a row were
 * answered by alternate instances, the second by the other one (nothing else went through in between). A page's
 * own request can still come first: the callers check where theirs went.
 */
async function steerTo(target: InstanceId) {
  let previous = await nudgeRoundRobin()
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const current = await nudgeRoundRobin()
    if (current !== previous && current !== target) return
    previous = current
  }
}

const total = (
  figures: Awaited<ReturnType<RunningCluster['pusher']>>,
  key: 'connections' | 'subscriptions',
) => figures.a[key] + figures.b[key]

/**
 * Waits until the instances hold `connections` Pusher sockets in all (by default, any number), with sockets and
 * subscriptions unchanged for a second: every channel the pages asked for is confirmed (an event published before
 * that reaches no socket), and the sockets of closed tabs are gone.
 */
async function realtimeSettled(connections?: number) {
  let last = ''
  let sameSince = Date.now()
  for (const deadline = Date.now() + 25_000; ;) {
    const figures = await cluster.pusher()
    const now = JSON.stringify(figures)
    if (now !== last) sameSince = Date.now()
    last = now
    const counted = connections === undefined || total(figures, 'connections') === connections
    if (counted && Date.now() - sameSince >= 1_000) return figures
    if (Date.now() > deadline)
      throw new Error(`realtime not settled (${connections ?? 'any'} sockets): ${now}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/**
 * Opens `path` in a new tab of `context` (a browser of its own: its realtime hub opens one socket through nginx) and
 * returns the page with the instance its socket landed on. With `avoid`, a socket that lands there is closed (the
 * tab with it) and the tab opened again, until round robin puts it on the other instance.
 */
async function openWithSocket(
  context: BrowserContext,
  path: string,
  loaded: (page: Page) => Promise<void>,
  avoid?: InstanceId,
): Promise<{ page: Page; socketOn: InstanceId }> {
  const before = await realtimeSettled()
  const base = total(before, 'connections')
  // A tab's load sends about the same requests each time, so the socket's turn in round robin repeats: each attempt
  // starts the load on the other instance than the last.
  let startOn: InstanceId = 'a'
  for (let attempt = 1; ; attempt += 1) {
    await steerTo(startOn)
    const page = await context.newPage()
    await page.goto(`${cluster.url}${path}`)
    await loaded(page)
    const after = await realtimeSettled(base + 1)
    const socketOn = INSTANCE_IDS.find((id) => after[id].connections > before[id].connections)!
    if (socketOn !== avoid) return { page, socketOn }
    if (attempt === 6) throw new Error(`${path}: the socket landed on ${avoid} ${attempt} times`)
    // The hub is a SharedWorker: it closes with the context's last tab, and its socket with it.
    await page.close()
    await realtimeSettled(base)
    startOn = other(startOn)
  }
}

const composer = (page: Page) => page.getByRole('textbox', { name: 'Message', exact: true })
const rowWithText = (page: Page, text: string) => page.getByTestId('chat-message').filter({ hasText: text })

/**
 * Sends messages from `from`, each steered to the instance without `to`'s socket (`toSocketOn`), until one was
 * POSTed there (X-Served-By); each must show live on `to`'s page. Returns where each POST went.
 */
async function chatUntilCrossed(from: Page, to: Page, toSocketOn: InstanceId, text: string) {
  const posts: InstanceId[] = []
  for (let attempt = 1; attempt <= 6; attempt += 1) {
    const message = `${text} (${attempt})`
    await steerTo(other(toSocketOn))
    const answered = from.waitForResponse(
      (response) =>
        response.request().method() === 'POST' &&
        new URL(response.url()).pathname === '/api/v1/chat/messages',
    )
    await composer(from).fill(message)
    await composer(from).press('Enter')
    const response = await answered
    expect(response.status()).toBe(201)
    posts.push(servedBy(response))
    // Live on the other side: no reload, no navigation. Seen there, and the sender is told so (which also lets the
    // requests a new message sets off finish before the next one is steered).
    await expect(rowWithText(to, message)).toBeVisible()
    await expect(rowWithText(from, message).getByTestId('chat-read')).toHaveText('Read')
    if (posts.at(-1) !== toSocketOn) return posts
  }
  throw new Error(`every message was POSTed to ${toSocketOn}, which holds the receiver's socket: ${posts}`)
}

test("a customer and an admin on different instances chat live both ways, each message crossing to the other's instance", async ({
  newContext,
}) => {
  const customerContext = await signedInContext(newContext, cluster.url, DEMO_CUSTOMER)
  const adminContext = await signedInContext(newContext, cluster.url, DEMO_ADMIN)

  const customer = await openWithSocket(customerContext, '/main/chat', async (page) => {
    await expect(composer(page)).toBeEnabled()
  })
  const admin = await openWithSocket(
    adminContext,
    `/admin/chat?user=${customerId}`,
    async (page) => {
      await expect(page.getByTestId('chat-peer-name')).toHaveText('Demo Trader')
      await expect(page.getByTestId('connection-indicator')).toHaveText('Connected')
    },
    customer.socketOn,
  )
  expect(admin.socketOn).toBe(other(customer.socketOn))

  const toAdmin = await chatUntilCrossed(customer.page, admin.page, admin.socketOn, 'Hello across instances')
  const toCustomer = await chatUntilCrossed(admin.page, customer.page, customer.socketOn, 'Hello back')
  console.log(
    `sockets: customer on ${customer.socketOn}, admin on ${admin.socketOn}; ` +
      `customer's POSTs ${toAdmin.join(',')}; admin's POSTs ${toCustomer.join(',')}`,
  )
  // Both pages are the documents they were: everything arrived live.
  for (const page of [customer.page, admin.page]) {
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1)
  }
})

/** BTC/USD's price as the workspace shows it ('97,251.1234'), a number. */
async function shownPrice(page: Page): Promise<number> {
  const text = (await page.getByTestId('buy-price').textContent()) ?? ''
  const price = Number(text.replaceAll(',', ''))
  if (!Number.isFinite(price) || price <= 0) throw new Error(`not a price: '${text}'`)
  return price
}

interface ClosedTrade {
  id: number
  close_reason: string | null
}

test("a take-profit the leader closes shows in the admin's customer panel without a reload", async ({
  newContext,
}, testInfo) => {
  // BTC/USD without a spread, in this test's own database: a buy's take-profit is then reached as soon as the price
  // rises to it, a sell's as soon as it falls to it (with the seeded 0.15 % each side, the market would first have
  // to move 0.3 %: many minutes of the simulator's walk).
  const db = new pg.Client({ connectionString: cluster.databaseUrl })
  await db.connect()
  await db.query("update assets set buy_spread = 0, sell_spread = 0 where symbol = 'BTCUSD'")
  await db.end()
  const leader = await cluster.leader()
  const customerToken = await apiLogin(cluster.url, DEMO_CUSTOMER)
  const assets = (await (
    await fetch(`${cluster.url}/api/v1/assets`, { headers: { Authorization: `Bearer ${customerToken}` } })
  ).json()) as { data: { id: number; symbol: string; name: string; contract_size: number }[] }
  const btcusd = assets.data.find((asset) => asset.symbol === 'BTCUSD')!

  const customerContext = await signedInContext(newContext, cluster.url, DEMO_CUSTOMER)
  const adminContext = await signedInContext(newContext, cluster.url, DEMO_ADMIN)
  const { page: admin, socketOn: adminSocketOn } = await openWithSocket(
    adminContext,
    `/admin/chat?user=${customerId}`,
    async (page) => {
      await expect(page.getByTestId('connection-indicator')).toHaveText('Connected')
      await expect(page.getByTestId('client-panel').getByText('Demo Trader')).toBeVisible()
    },
    // The leader closes the position and publishes it: the admin's socket is on the other instance.
    leader,
  )
  expect(adminSocketOn).toBe(other(leader))
  const panel = admin.getByTestId('client-panel')
  const panelRow = (id: number) =>
    panel.locator(`[data-testid="client-panel-position"][data-trade-id="${id}"]`)

  const { page: workspace } = await openWithSocket(customerContext, '/mt4', async (page) => {
    await expect(page.getByTestId('active-asset')).toHaveText('BTC/USD')
    await expect(page.getByTestId('buy-price')).toHaveText(/\d/)
  })
  // Zero spread: the workspace sells and buys at one price.
  await expect
    .poll(
      async () =>
        (await workspace.getByTestId('sell-price').textContent()) ===
        (await workspace.getByTestId('buy-price').textContent()),
    )
    .toBe(true)

  const closedTrades = async () => {
    const response = await fetch(`${cluster.url}/api/v1/closed/trades?page=1`, {
      headers: { Authorization: `Bearer ${customerToken}` },
    })
    return ((await response.json()) as { data: ClosedTrade[] }).data
  }

  // A buy whose take-profit is a hair above the price and a sell whose take-profit is a hair below, placed together
  // from the customer's page with its own session, as the workspace places an order: whichever way BTC/USD moves
  // first, one of them is closed by its take-profit within seconds. The other stays open.
  let closed: ClosedTrade | undefined
  let stillOpen: number | undefined
  for (let attempt = 1; attempt <= 3 && !closed; attempt += 1) {
    const price = await shownPrice(workspace)
    const hair = Number((price * 0.00025).toFixed(2))
    const placed = await workspace.evaluate(
      async ({ asset, price, hair }) => {
        const session = JSON.parse(localStorage.getItem('user-storage') ?? '{}') as {
          state?: { token?: string }
        }
        const order = async (side: 'buy' | 'sell') => {
          const response = await fetch('/api/v1/trades/store', {
            method: 'POST',
            headers: {
              Authorization: `Bearer ${session.state?.token}`,
              'Content-Type': 'application/json',
              'Idempotency-Key': crypto.randomUUID(),
            },
            body: JSON.stringify({
              type: side,
              leverage: 1,
              amount: price * 0.01 * asset.contract_size,
              qty: 0.01,
              volume: 0.01 * asset.contract_size,
              margin: 0,
              opening_price: price,
              take_profit: Number((side === 'buy' ? price + hair : price - hair).toFixed(2)),
              stop_loss: 0,
              id: asset.id,
              asset_symbol: asset.symbol,
              asset_name: asset.name,
            }),
          })
          const body = (await response.json()) as { data?: { id: number } }
          return {
            side,
            status: response.status,
            id: body.data?.id,
            servedBy: response.headers.get('x-served-by'),
          }
        }
        return Promise.all([order('buy'), order('sell')])
      },
      { asset: btcusd, price, hair },
    )
    console.log(`attempt ${attempt} at ${price} +/- ${hair}: ${JSON.stringify(placed)}`)
    const ids = placed.filter((order) => order.status === 201).map((order) => order.id!)
    // A level the price had already passed is refused (422); the order that went through stays, and the next
    // attempt places a new pair.
    for (const order of placed) expect([201, 422]).toContain(order.status)

    // The admin's panel lists each new position live (opened on whichever instance nginx chose)...
    const shownOpen: number[] = []
    for (const deadline = Date.now() + 25_000; shownOpen.length < ids.length;) {
      for (const id of ids)
        if (!shownOpen.includes(id) && (await panelRow(id).count()) > 0) shownOpen.push(id)
      const done = (await closedTrades()).find((trade) => ids.includes(trade.id))
      // ...unless the market was faster than the panel: a take-profit hit before its row showed proves nothing.
      if (done) break
      if (Date.now() > deadline) throw new Error(`the panel did not list positions ${ids}`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    if (shownOpen.length < ids.length || ids.length < 2) continue

    // ...and the leader closes one of them by its take-profit.
    await expect
      .poll(async () => (await closedTrades()).find((trade) => ids.includes(trade.id)), { timeout: 45_000 })
      .toBeDefined()
    closed = (await closedTrades()).find((trade) => ids.includes(trade.id))!
    stillOpen = ids.find((id) => id !== closed!.id)
  }
  if (!closed || stillOpen === undefined) throw new Error('no pair of positions was listed before one closed')
  expect(closed.close_reason).toBe('take_profit')

  // The admin's panel drops the closed position with no reload: only the leader's event, through Redis to the
  // admin's instance, tells it (the panel has no polling).
  await expect(panelRow(closed.id)).toHaveCount(0, { timeout: 10_000 })
  await expect(panelRow(stillOpen)).toHaveCount(1)
  expect(await admin.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1)
  // The customer's workspace moves it to history too.
  await expect(workspace.getByTestId(`position-row-${closed.id}`)).toHaveCount(0)
  await expect(workspace.getByTestId(`position-row-${stillOpen}`)).toBeVisible()
  const panelShot = testInfo.outputPath('admin-customer-panel.png')
  await panel.screenshot({ path: panelShot })
  await testInfo.attach('admin-customer-panel', { path: panelShot, contentType: 'image/png' })

  // The client page, a click away, shows what the close booked: a Trade P/L entry in the ledger.
  await panel.getByTestId('client-panel-open-client').click()
  await expect(admin).toHaveURL(`${cluster.url}/admin/clients/${customerId}`)
  await expect(
    admin.getByTestId('client-ledger-entry').filter({ hasText: 'Trade P/L' }).first(),
  ).toBeVisible()
  const pageShot = testInfo.outputPath('admin-client-page.png')
  await admin.screenshot({ path: pageShot, fullPage: true })
  await testInfo.attach('admin-client-page', { path: pageShot, contentType: 'image/png' })
})
