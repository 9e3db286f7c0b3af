// npm run bench:orders (decision 0026, decision 0035): the order round trip as a customer feels it, on PGlite and on
// PostgreSQL. The server runs in this process; the customers run in another (support/order-clients.ts), each with a
// socket on its private-trade channel. Figures, not a pass/fail test:
// - open and close: at BENCH_ORDERS_PER_SECOND (50) spread over 100 customers, POST /trades/store to the
//   trade.updated event on the customer's socket, and the close 0.5 s later to its event; with the statements and
//   the server's CPU per order, which move less with the machine's load than the times do;
// - the rate sweep (BENCH_SWEEP=1): the same at each rate of BENCH_SWEEP_RATES, up to the first whose open p99 is
//   over 100 ms, and the highest rate that held;
// - price to trigger: positions with a stop-loss a hair from the price, and the time from the tick that crosses
//   each level (as the server's own tick listener saw it) to the closed position's event on the customer's socket;
// - pending-order fills: BENCH_PENDING_ORDERS (1,000) limit and stop orders a hair from the market, and the time
//   from the tick that crosses each (as above) to the trade.updated of the position its fill opened.
// PGlite runs on disk, as the server does (BENCH_PGLITE_DIR; 'memory://' for an in-memory one). BENCH_CPU_PROFILE
// names a directory for CPU profiles of the server over the measured open-and-close run and over the fills, one
// file each per engine.
import { fork } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Asset, LivePriceUpdate, OrderType, TradeSide } from '../../src/domain/contract'
import { orderTriggered } from '../../src/domain/trading/order-rules'
import { buildApp } from '../../server/app'
import { plans, users } from '../../server/db/schema'
import { scaleRateLimits } from '../../server/plugins/rate-limit'
import { closingPriceAt, quoteAt } from '../../server/trading/pricing'
import { pendingOrder } from '../integration/support/orders'
import { createThrowawayDatabase, postgresReachable } from '../integration/support/postgres'
import { order as marketOrder } from '../integration/support/trading'
import { percentile } from './support/client-processes'
import type { OrderCommand, PendingPlacement, PlacedOrder, RunReport } from './support/order-clients'
import { countStatements } from './support/statement-counter'

const CUSTOMERS = 100
const ORDERS_PER_SECOND = Number(process.env.BENCH_ORDERS_PER_SECOND ?? 50)
const ORDERS = Number(process.env.BENCH_ORDERS ?? 500)
/** Orders before the measured run, not counted: JIT, pools, PGlite's wasm tiering, the statements' plans. */
const WARM_UP_ORDERS = Number(process.env.BENCH_WARM_UP_ORDERS ?? 300)
const STOP_LOSSES = Number(process.env.BENCH_STOP_LOSSES ?? 100)
const PENDING_ORDERS = Number(process.env.BENCH_PENDING_ORDERS ?? 1_000)
const SWEEP = process.env.BENCH_SWEEP === '1'
const SWEEP_RATES = (process.env.BENCH_SWEEP_RATES ?? '50,100,150,200,300').split(',').map(Number)
const SWEEP_SECONDS = Number(process.env.BENCH_SWEEP_SECONDS ?? 8)
/** The sweep's bar: a rate holds while the open's p99 stays at or under this. */
const SWEEP_P99_MS = 100
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgresql').toLowerCase().split(',')
/** How long the ticks are watched after the stop-losses are set and after the pending orders are placed. */
const WATCH_MS = 15_000
const wallNowMs = () => performance.timeOrigin + performance.now()
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000
const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')

const statements = countStatements()

/** A CPU profile of this process (the server) while `work` runs, written to BENCH_CPU_PROFILE/`name`. */
async function profiled<T>(name: string, work: () => Promise<T>): Promise<T> {
  const directory = process.env.BENCH_CPU_PROFILE
  if (!directory) return work()
  const session = new Session()
  session.connect()
  await session.post('Profiler.enable')
  await session.post('Profiler.start')
  try {
    return await work()
  } finally {
    const { profile } = await session.post('Profiler.stop')
    mkdirSync(directory, { recursive: true })
    writeFileSync(join(directory, `${name}.cpuprofile`), JSON.stringify(profile))
    session.disconnect()
  }
}

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

interface Row {
  database: string
  measure: string
  count: number
  p50_ms: number
  p99_ms: number
  max_ms: number
  [figure: string]: string | number
}

function summary(database: string, measure: string, samples: number[]): Row {
  const sorted = [...samples].sort((x, y) => x - y)
  return {
    database,
    measure,
    count: sorted.length,
    p50_ms: Number(percentile(sorted, 50).toFixed(1)),
    p99_ms: Number(percentile(sorted, 99).toFixed(1)),
    max_ms: Number((sorted.at(-1) ?? Number.NaN).toFixed(1)),
  }
}

interface SweepStep {
  database: string
  orders_per_s: number
  achieved_per_s: number
  open_p50_ms: number
  open_p99_ms: number
  close_p99_ms: number
  server_cpu_ms_per_order: number
  held: string
}

async function benchOn(database: 'PGlite' | 'PostgreSQL', databaseUrl?: string) {
  const pgliteDir =
    databaseUrl === undefined
      ? (process.env.BENCH_PGLITE_DIR ?? mkdtempSync(join(tmpdir(), 'bench-orders-')))
      : undefined
  const app = await buildApp({
    dataDir: pgliteDir ?? 'memory://',
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
  const rows: Row[] = []
  const sweep: SweepStep[] = []
  const loads = [load()]
  try {
    const settings = (await app.inject({ url: '/api/v1/settings' })).json() as {
      data: { realtime: { pusher: { key: string } } }
    }
    const assets = (await app.inject({ url: '/api/v1/assets' })).json() as { data: Asset[] }
    const btcusd = assets.data.find((asset) => asset.symbol === 'BTCUSD')!
    const spreads = { buySpread: btcusd.buy_spread, sellSpread: btcusd.sell_spread }
    await ask(
      {
        kind: 'start',
        baseUrl,
        pusherKey: settings.data.realtime.pusher.key,
        customers: await addCustomers(app),
        order: marketOrder(btcusd, 'buy', 0.01),
      },
      'ready',
    )

    /** One open-and-close run, with what it cost the server. */
    const run = async (ordersPerSecond: number, orders: number) => {
      const statementsBefore = statements.read()
      const cpuBefore = process.cpuUsage()
      const ran = await ask<RunReport>({ kind: 'run', ordersPerSecond, orders, closeAfterMs: 500 }, 'ran')
      const cpu = process.cpuUsage(cpuBefore)
      return {
        ...ran,
        statementsPerOrder: (statements.read() - statementsBefore) / orders,
        serverCpuMsPerOrder: cpuMs(cpu) / orders,
        // The kernel's share: socket writes and reads (HTTP, the sockets, PostgreSQL's connection), PGlite's files.
        serverSystemMsPerOrder: cpu.system / 1000 / orders,
        achievedPerSecond: ((orders - 1) * 1000) / Math.max(ran.sendingMs, 1),
      }
    }

    await run(ORDERS_PER_SECOND, WARM_UP_ORDERS)
    const ran = await profiled(database, () => run(ORDERS_PER_SECOND, ORDERS))
    const perOrder = {
      statements_per_order: Number(ran.statementsPerOrder.toFixed(1)),
      server_cpu_ms_per_order: Number(ran.serverCpuMsPerOrder.toFixed(2)),
      of_it_system_ms: Number(ran.serverSystemMsPerOrder.toFixed(2)),
      client_cpu_ms_per_order: Number((ran.clientCpuMs / ORDERS).toFixed(2)),
    }
    rows.push({ ...summary(database, 'open: POST /trades/store -> trade.updated', ran.opens), ...perOrder })
    rows.push(summary(database, 'close: POST /trade/{id}/close -> trade.updated', ran.closes))

    if (SWEEP) {
      for (const rate of SWEEP_RATES) {
        const step = await run(rate, Math.round(rate * SWEEP_SECONDS))
        const opens = [...step.opens].sort((x, y) => x - y)
        const closes = [...step.closes].sort((x, y) => x - y)
        const held = percentile(opens, 99) <= SWEEP_P99_MS
        sweep.push({
          database,
          orders_per_s: rate,
          achieved_per_s: Number(step.achievedPerSecond.toFixed(1)),
          open_p50_ms: Number(percentile(opens, 50).toFixed(1)),
          open_p99_ms: Number(percentile(opens, 99).toFixed(1)),
          close_p99_ms: Number(percentile(closes, 99).toFixed(1)),
          server_cpu_ms_per_order: Number(step.serverCpuMsPerOrder.toFixed(2)),
          held: held ? 'yes' : 'no',
        })
        // A higher rate only queues longer; let the queue drain before the next measure.
        if (!held) break
        await sleep(1_000)
      }
      loads.push(load())
    }

    // Price to trigger: the ticks as the engine sees them (this listener runs right after the engine's).
    const ticks: { atMs: number; rate: number }[] = []
    const stopListening = app.prices.onTicks((batch: readonly LivePriceUpdate[]) => {
      const atMs = wallNowMs()
      for (const tick of batch) if (tick.id === btcusd.asset_id) ticks.push({ atMs, rate: tick.price })
    })
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
    await sleep(WATCH_MS)
    const { closedEvents } = await ask<{ closedEvents: Record<string, number> }>(
      { kind: 'closed-events' },
      'closed-events',
    )
    const stopLossTriggers: number[] = []
    for (const { tradeId, side, stopLoss } of opened.trades) {
      const arrived = closedEvents[String(tradeId)]
      const crossing = ticks.find((tick) => {
        const closing = closingPriceAt(side, spreads, tick.rate)
        return tick.atMs >= openedAtMs && (side === 'buy' ? closing <= stopLoss : closing >= stopLoss)
      })
      if (arrived !== undefined && crossing && arrived > crossing.atMs)
        stopLossTriggers.push(arrived - crossing.atMs)
    }
    rows.push(
      summary(
        database,
        `stop-loss: crossing tick -> closed event (${opened.trades.length} set)`,
        stopLossTriggers,
      ),
    )

    // Pending-order fills: a round of one order per customer at a time, priced from the market as it is then, a
    // hair from it on both sides (buy limits under the ask and buy stops over it, sell limits over the bid and sell
    // stops under it, 2 to 26 steps of 0.001 %): whichever way the price goes, some are crossed within seconds.
    const placed: PlacedOrder[] = []
    const refusals: string[] = []
    const kinds: [TradeSide, OrderType, 1 | -1][] = [
      ['buy', 'limit', -1],
      ['buy', 'stop', 1],
      ['sell', 'limit', 1],
      ['sell', 'stop', -1],
    ]
    for (let first = 0; first < PENDING_ORDERS; first += CUSTOMERS) {
      const market = quoteAt(spreads, app.prices.current(btcusd.asset_id)!.price)
      const round: PendingPlacement[] = []
      for (let index = first; index < Math.min(first + CUSTOMERS, PENDING_ORDERS); index += 1) {
        const [side, type, direction] = kinds[index % kinds.length]!
        const step = 0.00001 * (2 + (Math.floor(index / kinds.length) % 25))
        const reference = side === 'buy' ? market.buy_price : market.sell_price
        const price = Number((reference * (1 + direction * step)).toFixed(2))
        round.push({ customer: index % CUSTOMERS, body: pendingOrder(btcusd, side, type, 0.01, price) })
      }
      const answer = await ask<{ placed: PlacedOrder[]; refusals: string[] }>(
        { kind: 'place-orders', orders: round },
        'placed',
      )
      placed.push(...answer.placed)
      refusals.push(...answer.refusals)
    }
    if (refusals.length > 0) {
      console.log(`${database}: ${refusals.length} pending orders refused, e.g. ${refusals[0]}`)
    }
    // While the ticks cross them: the statements the fills ran (placing is over), and a profile of the fills.
    const watchStartMs = wallNowMs()
    const statementsBeforeWatch = statements.read()
    await profiled(`${database}-fills`, () => sleep(WATCH_MS))
    const statementsInWatch = statements.read() - statementsBeforeWatch
    stopListening()
    const { fills } = await ask<{ fills: Record<string, number> }>({ kind: 'fills' }, 'filled')
    const filledInWatch = Object.values(fills).filter((arrivedMs) => arrivedMs >= watchStartMs).length
    const fillTimes: number[] = []
    for (const { orderId, placedAtMs, body } of placed) {
      const arrived = fills[String(orderId)]
      if (arrived === undefined) continue
      const side = body.type as TradeSide
      const type = body.order_type as OrderType
      const price = body.price as number
      const crossing = ticks.find(
        (tick) => tick.atMs >= placedAtMs && orderTriggered(side, type, price, quoteAt(spreads, tick.rate)),
      )
      if (crossing && arrived > crossing.atMs) fillTimes.push(arrived - crossing.atMs)
    }
    rows.push({
      ...summary(
        database,
        `pending fill: crossing tick -> trade.updated (${placed.length} placed, ${Object.keys(fills).length} filled)`,
        fillTimes,
      ),
      statements_per_fill: Number((statementsInWatch / Math.max(filledInWatch, 1)).toFixed(1)),
    })
    loads.push(load())
    await ask({ kind: 'stop' }, 'stopped')
    return { rows, sweep, loads }
  } finally {
    clients.kill()
    await app.close()
    if (pgliteDir !== undefined && process.env.BENCH_PGLITE_DIR === undefined)
      rmSync(pgliteDir, { recursive: true, force: true })
  }
}

const results: { database: string; rows: Row[]; sweep: SweepStep[]; loads: string[] }[] = []
if (ENGINES.includes('pglite')) results.push({ database: 'PGlite', ...(await benchOn('PGlite')) })
if (ENGINES.includes('postgresql') && (await postgresReachable('bench:orders'))) {
  const database = await createThrowawayDatabase()
  try {
    results.push({ database: 'PostgreSQL', ...(await benchOn('PostgreSQL', database.url)) })
  } finally {
    await database.drop()
  }
}
console.log(
  `\n${ORDERS} orders at ${ORDERS_PER_SECOND}/s over ${CUSTOMERS} customers (after ${WARM_UP_ORDERS} not counted), ` +
    `each closed 0.5 s after it opened; ${STOP_LOSSES} stop-losses; ${PENDING_ORDERS} pending orders`,
)
for (const { database, loads } of results) console.log(`${database}: load average ${loads.join(' -> ')}`)
console.table(results.flatMap(({ rows }) => rows))
if (SWEEP) {
  console.log(
    `\nRate sweep: ${SWEEP_SECONDS} s at each rate, up to the first whose open p99 is over ${SWEEP_P99_MS} ms`,
  )
  console.table(results.flatMap(({ sweep }) => sweep))
  for (const { database, sweep } of results) {
    const held = sweep.filter((step) => step.held === 'yes').at(-1)
    console.log(`${database}: highest rate held ${held ? `${held.orders_per_s} orders/s` : 'none'}`)
  }
}
