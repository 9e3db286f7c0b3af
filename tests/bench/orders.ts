// npm run bench:orders (issue 21): the order round trip as a customer feels it, on PGlite and on PostgreSQL. The
// server runs in this process; the customers run in another (support/order-clients.ts), each with a socket on its
// private-trade channel. At 50 orders/s spread over 100 customers it times POST /trades/store to the trade.updated
// event on the customer's socket, and the close to its event. Then price-to-trigger: positions with a stop-loss a
// hair under the price, and the time from the tick that crosses each level (as the server's own tick listener saw
// it) to the closed position's event on the customer's socket. Figures, not a pass/fail test.
import { fork } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Asset, LivePriceUpdate } from '../../src/domain/contract'
import { buildApp } from '../../server/app'
import { plans, users } from '../../server/db/schema'
import { scaleRateLimits } from '../../server/plugins/rate-limit'
import { closingPriceAt } from '../../server/trading/pricing'
import { createThrowawayDatabase, postgresReachable } from '../integration/support/postgres'
import { percentile } from './support/client-processes'
import type { OrderCommand } from './support/order-clients'

const CUSTOMERS = 100
const ORDERS_PER_SECOND = Number(process.env.BENCH_ORDERS_PER_SECOND ?? 50)
const ORDERS = Number(process.env.BENCH_ORDERS ?? 500)
const STOP_LOSSES = Number(process.env.BENCH_STOP_LOSSES ?? 100)
const wallNowMs = () => performance.timeOrigin + performance.now()
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function addCustomers(app: FastifyInstance): Promise<{ id: number; token: string }[]> {
  const [plan] = await app.db.select({ id: plans.id }).from(plans).where(eq(plans.slug, 'basic'))
  const customers: { id: number; token: string }[] = []
  for (let index = 0; index < CUSTOMERS; index += 1) {
    const [row] = await app.db
      .insert(users)
      .values({
        email: `bench${index}@example.com`,
        username: `bench${index}`,
        firstName: 'Bench',
        lastName: 'Trader',
        passwordHash: 'not-a-hash: signs in by token only',
        role: 'customer',
        status: 'active',
        accountId: `CFD${4_000_000 + index}`,
        balanceUsd: '1000000.00',
        accountTypeId: plan?.id ?? null,
      })
      .returning({ id: users.id })
    customers.push({ id: row!.id, token: await app.repos.authTokens.issue(row!.id, app.now()) })
  }
  return customers
}

function summary(label: string, samples: number[]) {
  const sorted = [...samples].sort((x, y) => x - y)
  return {
    measure: label,
    count: sorted.length,
    p50_ms: Number(percentile(sorted, 50).toFixed(1)),
    p99_ms: Number(percentile(sorted, 99).toFixed(1)),
    max_ms: Number((sorted.at(-1) ?? Number.NaN).toFixed(1)),
  }
}

async function benchOn(database: 'PGlite' | 'PostgreSQL', databaseUrl?: string) {
  const app = await buildApp({
    dataDir: 'memory://',
    seedDemo: false,
    logger: false,
    clientDir: '/nonexistent-client-dir',
    rateLimits: scaleRateLimits(1000),
    // Every customer's socket comes from 127.0.0.1 here; the per-address cap is for the internet.
    realtime: {
      broker: { maxConnectionsPerAddress: 1000 },
      prices: { ticksPerSecond: 200, ignoreMarketHours: true },
    },
    ...(databaseUrl === undefined ? {} : { databaseUrl }),
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  const clients = fork(fileURLToPath(new URL('./support/order-clients.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
  })
  const ask = <T>(command: OrderCommand, answer: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (reply: { kind: string; message?: string }) => {
        if (reply.kind === 'error') reject(new Error(reply.message))
        if (reply.kind !== answer) return
        clients.off('message', onMessage)
        resolve(reply as T)
      }
      clients.on('message', onMessage)
      clients.send(command)
    })
  try {
    const settings = (await app.inject({ url: '/api/v1/settings' })).json() as {
      data: { realtime: { pusher: { key: string } } }
    }
    const assets = (await app.inject({ url: '/api/v1/assets' })).json() as { data: Asset[] }
    const btcusd = assets.data.find((asset) => asset.symbol === 'BTCUSD')!
    const order = {
      type: 'buy',
      leverage: 1,
      amount: 1,
      qty: 0.01,
      volume: Number((0.01 * btcusd.contract_size).toFixed(6)),
      margin: 0,
      opening_price: 1,
      take_profit: 0,
      stop_loss: 0,
      id: btcusd.id,
      asset_symbol: btcusd.symbol,
      asset_name: btcusd.name,
    }
    await ask(
      {
        kind: 'start',
        baseUrl,
        pusherKey: settings.data.realtime.pusher.key,
        customers: await addCustomers(app),
        order,
      },
      'ready',
    )
    // A short warm-up (JIT, pools), not counted.
    await ask({ kind: 'run', ordersPerSecond: ORDERS_PER_SECOND, orders: 50, closeAfterMs: 200 }, 'ran')
    const ran = await ask<{ opens: number[]; closes: number[] }>(
      { kind: 'run', ordersPerSecond: ORDERS_PER_SECOND, orders: ORDERS, closeAfterMs: 500 },
      'ran',
    )

    // Price to trigger: the ticks as the engine sees them (this listener runs right after the engine's).
    const ticks: { atMs: number; rate: number }[] = []
    const stopListening = app.prices.onTicks((batch: readonly LivePriceUpdate[]) => {
      const atMs = wallNowMs()
      for (const tick of batch) if (tick.id === btcusd.asset_id) ticks.push({ atMs, rate: tick.price })
    })
    const spreads = { buySpread: btcusd.buy_spread, sellSpread: btcusd.sell_spread }
    // Half buys with the stop-loss a hair under the sell price, half sells a hair over the buy price: whichever
    // way the price goes, about half of them are crossed within seconds.
    const rateNow = app.prices.current(btcusd.asset_id)!.price
    const positions = Array.from({ length: STOP_LOSSES }, (_, index) => {
      const side = index % 2 === 0 ? ('buy' as const) : ('sell' as const)
      const step = 0.00001 * (Math.floor(index / 2) + 1)
      const closing = closingPriceAt(side, spreads, rateNow)
      return { side, stopLoss: Number((closing * (side === 'buy' ? 1 - step : 1 + step)).toFixed(2)) }
    })
    const openedAtMs = wallNowMs()
    const opened = await ask<{
      trades: { tradeId: number; side: 'buy' | 'sell'; stopLoss: number }[]
      refusals: string[]
    }>({ kind: 'open-with-stop-loss', positions }, 'opened')
    if (opened.refusals.length > 0) {
      console.log(
        `${database}: ${opened.refusals.length} stop-loss orders refused, e.g. ${opened.refusals[0]}`,
      )
    }
    await sleep(15_000)
    stopListening()
    const closedEvents = await ask<{ closedEvents: Record<string, number> }>(
      { kind: 'stop' },
      'closed-events',
    )
    const triggers: number[] = []
    for (const { tradeId, side, stopLoss } of opened.trades) {
      const arrived = closedEvents.closedEvents[String(tradeId)]
      const crossing = ticks.find((tick) => {
        const closing = closingPriceAt(side, spreads, tick.rate)
        return tick.atMs >= openedAtMs && (side === 'buy' ? closing <= stopLoss : closing >= stopLoss)
      })
      if (arrived !== undefined && crossing && arrived > crossing.atMs) triggers.push(arrived - crossing.atMs)
    }
    return [
      { database, ...summary('open: POST /trades/store -> trade.updated', ran.opens) },
      { database, ...summary('close: POST /trade/{id}/close -> trade.updated', ran.closes) },
      {
        database,
        ...summary(`stop-loss: crossing tick -> closed event (${opened.trades.length} set)`, triggers),
      },
    ]
  } finally {
    clients.kill()
    await app.close()
  }
}

const rows = [...(await benchOn('PGlite'))]
if (await postgresReachable('bench:orders')) {
  const database = await createThrowawayDatabase()
  try {
    rows.push(...(await benchOn('PostgreSQL', database.url)))
  } finally {
    await database.drop()
  }
}
console.log(
  `\n${ORDERS} orders at ${ORDERS_PER_SECOND}/s over ${CUSTOMERS} customers, each closed 0.5 s after it opened`,
)
console.table(rows)
