// npm run bench:alerts (decision 0037): price alerts as the customer feels them, on PGlite (on disk, as the server
// runs it) and on PostgreSQL. The server runs in this process on prices the bench moves; its pushes go to a local
// HTTPS receiver (a self-signed certificate trusted through the sender's extra CA) with 1,000 customers holding
// 10,000 active alerts, each customer one subscribed device. Figures, not a pass/fail test:
// - tick to push: the time from the tick that crosses an alert (taken just before the bench hands the tick to the
//   server's listeners) to its push arriving at the receiver (the push has left the server: fired by the leader,
//   claimed by its conditional UPDATE, queued, encrypted, VAPID-signed, sent over TLS), one crossing tick at a time,
//   then a burst: one tick crossing BENCH_BURST (100) alerts at once;
// - per-tick evaluation: the alert book's cost per tick with 10,000 alerts far from the price against an empty
//   book (the ordered book compares each side's nearest alert, so the two should be close), and a scan of the same
//   alerts for comparison.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs'
import { loadavg, tmpdir, cpus } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../server/app'
import { plans, priceAlerts, pushSubscriptions, users } from '../../server/db/schema'
import { allowedOrigins } from '../../server/push/origins'
import { createTradingDesk } from '../../server/trading'
import { AlertBook, alertReached, type WatchedAlert } from '../../server/trading/price-alerts'
import { quoteAt } from '../../server/trading/pricing'
import type { Asset, LivePriceUpdate } from '../../src/domain/contract'
import { rateForBid, scriptedPrices } from '../integration/support/orders'
import { createThrowawayDatabase, postgresReachable } from '../integration/support/postgres'
import {
  browserSubscription,
  startPushReceiver,
  type PushReceiver,
} from '../integration/support/push-receiver'
import { percentile } from './support/client-processes'

const CUSTOMERS = 1_000
const ALERTS = 10_000
const CROSSINGS = Number(process.env.BENCH_CROSSINGS ?? 200)
const BURST = Number(process.env.BENCH_BURST ?? 100)
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgresql').toLowerCase().split(',')
const EVALUATION_TICKS = 200_000
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const round = (value: number, digits = 2) => Number(value.toFixed(digits))
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')

interface Figures {
  p50: number
  p99: number
  max: number
  n: number
}
function figures(samples: number[]): Figures {
  const sorted = [...samples].sort((a, b) => a - b)
  return {
    p50: round(percentile(sorted, 50)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? Number.NaN),
    n: sorted.length,
  }
}

async function seedCustomers(app: FastifyInstance, receiver: PushReceiver): Promise<number[]> {
  const [plan] = await app.db.select({ id: plans.id }).from(plans).where(eq(plans.slug, 'basic'))
  const tag = randomBytes(3).toString('hex')
  const ids: number[] = []
  for (let start = 0; start < CUSTOMERS; start += 500) {
    const rows = await app.db
      .insert(users)
      .values(
        Array.from({ length: Math.min(500, CUSTOMERS - start) }, (_, offset) => {
          const index = start + offset
          return {
            email: `alerts${tag}-${index}@example.com`,
            username: `alerts${tag}${index}`,
            firstName: 'Bench',
            lastName: 'Customer',
            passwordHash: 'not-a-hash',
            role: 'customer' as const,
            status: 'active' as const,
            accountId: `CFD${8_000_000 + index}`,
            balanceUsd: '0.00',
            accountTypeId: plan?.id ?? null,
          }
        }),
      )
      .returning({ id: users.id })
    ids.push(...rows.map(({ id }) => id))
  }
  // One device per customer; the receiver answers 201 to each.
  const browser = browserSubscription(`${receiver.origin}/push/`)
  for (let start = 0; start < ids.length; start += 500) {
    await app.db.insert(pushSubscriptions).values(
      ids.slice(start, start + 500).map((userId) => ({
        userId,
        endpoint: `${receiver.origin}/push/${userId}`,
        p256dh: browser.json.keys.p256dh,
        auth: browser.json.keys.auth,
      })),
    )
  }
  return ids
}

/**
 * 10,000 alerts: CROSSINGS + BURST a hair above the bid (they are the ones crossed), the rest far from it on both
 * sides, spread over the customers.
 */
async function seedAlerts(app: FastifyInstance, asset: Asset, customerIds: number[], bid0: number) {
  const near = CROSSINGS + BURST
  const values = Array.from({ length: ALERTS }, (_, index) => {
    const userId = customerIds[index % customerIds.length] as number
    if (index < near) {
      // 0.5 bp apart, the first closest: each crossing tick reaches exactly one more.
      return {
        userId,
        assetId: asset.id,
        condition: 'above' as const,
        price: bid0 * (1 + (index + 1) * 0.00005),
      }
    }
    const far = 0.05 + (index % 500) / 1_000
    return index % 2 === 0
      ? { userId, assetId: asset.id, condition: 'above' as const, price: bid0 * (1 + far) }
      : { userId, assetId: asset.id, condition: 'below' as const, price: bid0 * (1 - far) }
  })
  for (let start = 0; start < values.length; start += 1_000) {
    await app.db.insert(priceAlerts).values(values.slice(start, start + 1_000))
  }
}

async function tickToPush(engine: string, databaseUrl: string | undefined) {
  const receiver = await startPushReceiver()
  const dataDir = databaseUrl ? 'memory://' : mkdtempSync(join(tmpdir(), 'bench-alerts-pglite-'))
  const app = await buildApp({
    dataDir,
    seedDemo: false,
    logger: false,
    realtime: { prices: { ticksPerSecond: 0, ignoreMarketHours: true, seed: 5, historyMinutes: 10 } },
    push: { allowed: allowedOrigins([receiver.origin]), extraCa: receiver.cert },
    ...(databaseUrl ? { databaseUrl } : {}),
  })
  try {
    const [asset] = await app.repos.assets.list()
    if (!asset) throw new Error('no asset')
    const rate0 = app.prices.current(asset.asset_id)?.price ?? asset.rate
    const bid0 = quoteAt({ buySpread: asset.buy_spread, sellSpread: asset.sell_spread }, rate0).sell_price
    const customerIds = await seedCustomers(app, receiver)
    await seedAlerts(app, asset, customerIds, bid0)
    const market = scriptedPrices({ [asset.asset_id]: rate0 })
    const desk = await createTradingDesk({
      repos: app.repos,
      prices: market.prices,
      publisher: app.publisher,
      now: () => app.now(),
      log: app.log,
      leader: app.cluster.leader,
      bus: app.cluster.bus,
      push: app.push.queue,
    })
    try {
      console.log(
        `${engine}: ${desk.alerts.size} active alerts over ${customerIds.length} customers in the book`,
      )
      const arrivalOf = async (userId: number, from: number) =>
        (await receiver.next(`/push/${userId}`, from)).receivedAtMs

      // Warm-up: five crossings not counted (JIT, pools, the TLS session).
      const single: number[] = []
      for (let index = 0; index < CROSSINGS; index += 1) {
        const userId = customerIds[index % customerIds.length] as number
        const from = receiver.received.length
        const tickAtMs = performance.now()
        market.tick(asset.asset_id, rateForBid(asset, bid0 * (1 + (index + 1) * 0.00005 + 0.000001)))
        const arrived = await arrivalOf(userId, from)
        if (index >= 5) single.push(arrived - tickAtMs)
        await desk.settled()
        await sleep(10)
      }

      // The burst: one tick past the rest.
      const from = receiver.received.length
      const burstUsers = Array.from(
        { length: BURST },
        (_, offset) => customerIds[(CROSSINGS + offset) % customerIds.length] as number,
      )
      const tickAtMs = performance.now()
      market.tick(asset.asset_id, rateForBid(asset, bid0 * (1 + (CROSSINGS + BURST + 1) * 0.00005)))
      const arrivals = await Promise.all(burstUsers.map((userId) => arrivalOf(userId, from)))
      await desk.settled()
      await app.push.queue.settled()
      const burst = arrivals.map((arrived) => arrived - tickAtMs)
      const triggered = (
        await app.db
          .select({ id: priceAlerts.id })
          .from(priceAlerts)
          .where(eq(priceAlerts.status, 'triggered'))
      ).length
      return { single: figures(single), burst: figures(burst), triggered, pushes: receiver.received.length }
    } finally {
      await desk.stop()
    }
  } finally {
    await app.close()
    await receiver.close()
    if (!databaseUrl) rmSync(dataDir, { recursive: true, force: true })
  }
}

/** ns per tick of the alert book, with `alerts` far from the price on one asset, against `ticks` that cross none. */
function evaluationCost(alerts: number): { orderedNs: number; scanNs: number } {
  const book = new AlertBook()
  const list: WatchedAlert[] = []
  for (let index = 0; index < alerts; index += 1) {
    const far = 0.05 + (index % 500) / 1_000
    const alert: WatchedAlert = {
      alertId: index + 1,
      userId: (index % CUSTOMERS) + 1,
      feedId: 'EURUSD',
      condition: index % 2 === 0 ? 'above' : 'below',
      priceQuote: index % 2 === 0 ? 1.08 * (1 + far) : 1.08 * (1 - far),
      expiresAtMs: null,
      symbol: 'EURUSD',
      symbolDisplay: 'EUR/USD',
      buySpread: 0.0001,
      sellSpread: 0.0001,
    }
    book.add(alert)
    list.push(alert)
  }
  const ticks: LivePriceUpdate[][] = Array.from({ length: 1_000 }, (_, index) => [
    { id: 'EURUSD', price: 1.08 + ((index % 100) - 50) * 0.00001 },
  ])
  const time = (work: (batch: LivePriceUpdate[]) => void) => {
    for (let index = 0; index < 20_000; index += 1) work(ticks[index % ticks.length] as LivePriceUpdate[])
    const started = process.hrtime.bigint()
    for (let index = 0; index < EVALUATION_TICKS; index += 1)
      work(ticks[index % ticks.length] as LivePriceUpdate[])
    return Number(process.hrtime.bigint() - started) / EVALUATION_TICKS
  }
  let fired = 0
  const orderedNs = time((batch) => {
    fired += book.take(batch, 0).length
  })
  // What a scan would cost: every alert of the asset compared on every tick.
  const scanNs = time((batch) => {
    for (const tick of batch) {
      for (const alert of list) {
        if (alert.feedId === tick.id && alertReached(alert.condition, alert.priceQuote, tick.price))
          fired += 1
      }
    }
  })
  if (fired !== 0) throw new Error('a far alert fired')
  return { orderedNs: round(orderedNs, 1), scanNs: round(scanNs, 1) }
}

const report: Record<string, unknown> = {
  at: new Date().toISOString(),
  cpus: `${cpus().length} x ${cpus()[0]?.model ?? '?'}`,
  loadBefore: load(),
}
console.log(`load average before: ${report.loadBefore}`)
const evaluation = { none: evaluationCost(0), far100: evaluationCost(100), far10k: evaluationCost(ALERTS) }
report.evaluation = evaluation
console.log(
  `per-tick evaluation (ns/tick): no alerts ${evaluation.none.orderedNs}; 100 far alerts ` +
    `${evaluation.far100.orderedNs}; 10,000 far alerts ordered book ` +
    `${evaluation.far10k.orderedNs}, a scan of the same ${evaluation.far10k.scanNs}`,
)
for (const engine of ENGINES) {
  let databaseUrl: string | undefined
  let drop: (() => Promise<void>) | undefined
  if (engine === 'postgresql') {
    if (!(await postgresReachable('bench:alerts'))) continue
    const database = await createThrowawayDatabase()
    databaseUrl = database.url
    drop = database.drop
  }
  try {
    const result = await tickToPush(engine, databaseUrl)
    report[engine] = result
    console.log(
      `${engine}: tick to push, one crossing at a time: p50 ${result.single.p50} ms, p99 ${result.single.p99} ms ` +
        `(n ${result.single.n}); a tick crossing ${BURST}: p50 ${result.burst.p50} ms, p99 ${result.burst.p99} ms; ` +
        `${result.triggered} triggered, ${result.pushes} pushes`,
    )
  } finally {
    await drop?.()
  }
}
report.loadAfter = load()
console.log(`load average after: ${report.loadAfter}`)
const resultsDir = fileURLToPath(new URL('./results', import.meta.url))
mkdirSync(resultsDir, { recursive: true })
writeFileSync(join(resultsDir, 'alerts.json'), `${JSON.stringify(report, null, 2)}\n`)
