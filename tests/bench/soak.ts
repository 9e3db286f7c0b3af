// npm run bench:soak (not in CI): the server on PGlite, as `npm run serve` runs it, for SOAK_MINUTES (30) under a
// steady crowd. SOAK_CUSTOMERS (200) customers, registered and approved through the API and each on a loopback
// address of its own (the production per-address limits apply to each as to a person), open and close positions,
// deposit with the sandbox's 4242 card, write to support and read their positions, transactions and account; some
// hold pusher-js sockets on their private channels and some the price feed. An admin console stays open: its pages
// poll the user list, the request queue and the unread count, it answers chats, and it holds a pusher-js socket on
// private-admin. Each minute: the server's resident memory and event-loop delay (/metrics, which answers loopback
// callers), API latency p50/p99 as the customers saw it, and errors. At the end the server stops, and the ledger
// is checked in SQL on its data directory: every balance is the sum of its ledger rows.
// Pass: RSS grows under 10 % after the warm-up (SOAK_WARMUP_MINUTES, 5), p99 stays within 20 % (the first half of
// the minutes after the warm-up against the second), 0 errors, the ledger exact. Figures and a verdict, printed.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import type Pusher from 'pusher-js'
import { io, type Socket } from 'socket.io-client'
import { openDatabase } from '../../server/db/client'
import { ADMIN_CHANNEL, CHANNELS, PRICE_EVENTS, PRICE_FEED, type Asset } from '../../src/domain/contract'
import {
  adminClient,
  closePosition,
  createCustomers,
  depositByCard,
  expectStatus,
  openPosition,
  sendChatMessage,
  type ApiAnswer,
  type ApiClient,
  type BenchCustomer,
} from './support/api-customers'
import { cpuSeconds, percentile } from './support/client-processes'
import { pusherClient } from '../integration/support/realtime-clients'
import { CLOCK_TICKS, machineBusyTicks } from './support/machine'
import { ServerProcess } from './support/server-process'

const MINUTES = Number(process.env.SOAK_MINUTES ?? 30)
const CUSTOMERS = Number(process.env.SOAK_CUSTOMERS ?? 200)
const WARMUP_MINUTES = Number(process.env.SOAK_WARMUP_MINUTES ?? Math.min(5, Math.floor(MINUTES / 3)))
const SOCKET_CUSTOMERS = Math.min(CUSTOMERS, Number(process.env.SOAK_SOCKET_CUSTOMERS ?? 40))
const PRICE_FEED_CUSTOMERS = Math.min(CUSTOMERS, Number(process.env.SOAK_PRICE_FEED_CUSTOMERS ?? 20))
/** A customer's mean pause between two actions: 200 customers at 10 s make about 20 requests a second. */
const STEP_MS = Number(process.env.SOAK_STEP_MS ?? 10_000)
const ADMIN_POLL_MS = 5_000
const MINUTE_MS = 60_000
const FIRST_DEPOSIT_USD = 10_000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const wallMs = () => performance.now()

interface MinuteBucket {
  latencies: number[]
  requests: number
  errors: number
}

/** Every API answer of the run, by minute since the load started; errors kept apart with what they were. */
class Recorder {
  startedMs = 0
  readonly minutes: MinuteBucket[] = []
  readonly errors: string[] = []
  errorCount = 0
  depositsAcknowledged = 0
  eventsReceived = 0
  ticksReceived = 0

  private bucket(atMs: number): MinuteBucket {
    const index = Math.max(0, Math.floor((atMs - this.startedMs) / MINUTE_MS))
    while (this.minutes.length <= index) this.minutes.push({ latencies: [], requests: 0, errors: 0 })
    return this.minutes[index]!
  }

  /** An answer: 2xx counts as success, anything else as an error (none is expected of this crowd). */
  answer(what: string, answer: ApiAnswer): ApiAnswer {
    const bucket = this.bucket(wallMs())
    bucket.requests += 1
    bucket.latencies.push(answer.ms)
    if (answer.status < 200 || answer.status > 299)
      this.error(`${what}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`)
    return answer
  }

  error(description: string): void {
    this.bucket(wallMs()).errors += 1
    this.errorCount += 1
    if (this.errors.length < 20) this.errors.push(description)
  }
}

const recorder = new Recorder()

/** One call, recorded; a failure to reach the server at all is an error too. */
async function recorded(what: string, call: () => Promise<ApiAnswer>): Promise<ApiAnswer | undefined> {
  try {
    return recorder.answer(what, await call())
  } catch (error) {
    recorder.error(`${what}: ${error instanceof Error ? error.message : String(error)}`)
    return undefined
  }
}

/** pusher-js as the browser hub uses it, its channel authorisations sent from `client`'s own address. */
function pusherFor(baseUrl: string, key: string, client: ApiClient): Pusher {
  return pusherClient(baseUrl, key, {
    channelAuthorization: {
      endpoint: '/unused',
      transport: 'ajax',
      customHandler: ({ socketId, channelName }, callback) => {
        void client
          .call('POST', '/broadcasting/auth', { socket_id: socketId, channel_name: channelName })
          .then(
            (answer) => {
              recorder.answer('POST /broadcasting/auth', answer)
              if (answer.status !== 200) callback(new Error(`auth answered ${answer.status}`), null)
              else callback(null, answer.body as { auth: string })
            },
            (error: Error) => callback(error, null),
          )
      },
    },
  })
}

function subscribeAll(pusher: Pusher, channels: string[]): Promise<void> {
  return Promise.all(
    channels.map(
      (name) =>
        new Promise<void>((resolve, reject) => {
          const channel = pusher.subscribe(name)
          channel.bind('pusher:subscription_succeeded', () => resolve())
          channel.bind('pusher:subscription_error', (error: unknown) =>
            reject(new Error(`${name}: ${JSON.stringify(error)}`)),
          )
          channel.bind_global((event: string) => {
            if (!event.startsWith('pusher')) recorder.eventsReceived += 1
          })
        }),
    ),
  ).then(() => undefined)
}

interface Crowd {
  running: boolean
  /** Customers who wrote to support since the admin last answered. */
  waitingForSupport: Set<number>
}

const READS = [
  '/user',
  '/open/trades?page=1',
  '/closed/trades?page=1',
  '/funds/transactions',
  '/funds/summary',
]

/** One customer for the whole run: an action, a pause of about STEP_MS, and again. */
async function customerLoop(customer: BenchCustomer, assets: Asset[], crowd: Crowd, index: number) {
  let openTradeId: number | undefined
  let reads = index
  await sleep(Math.random() * STEP_MS)
  while (crowd.running) {
    const roll = Math.random()
    if (roll < 0.3) {
      if (openTradeId === undefined) {
        const asset = assets[Math.floor(Math.random() * assets.length)]!
        const side = Math.random() < 0.5 ? 'buy' : 'sell'
        const opened = await recorded('POST /trades/store', () => openPosition(customer.client, asset, side))
        if (opened?.status === 201) openTradeId = (opened.body as { data: { id: number } }).data.id
      } else {
        const tradeId = openTradeId
        openTradeId = undefined
        await recorded('POST /trade/{id}/close', () => closePosition(customer.client, tradeId))
      }
    } else if (roll < 0.38) {
      const deposited = await recorded('POST /funds/deposits/card', () =>
        depositByCard(customer.client, 100 + Math.floor(Math.random() * 400)),
      )
      if (deposited?.status === 201) recorder.depositsAcknowledged += 1
    } else if (roll < 0.45) {
      const sent = await recorded('POST /chat/messages', () =>
        sendChatMessage(customer.client, `Soak question ${Date.now().toString(36)}`),
      )
      if (sent?.status === 201) crowd.waitingForSupport.add(customer.id)
    } else {
      const path = READS[reads % READS.length]!
      reads += 1
      await recorded(`GET ${path.split('?')[0]}`, () => customer.client.call('GET', path))
    }
    await sleep(STEP_MS * (0.5 + Math.random()))
  }
  // Leave no position open: the ledger check reads settled balances.
  if (openTradeId !== undefined) {
    const tradeId = openTradeId
    await recorded('POST /trade/{id}/close', () => closePosition(customer.client, tradeId))
  }
}

/** The admin console: its pages poll as the back office does, and support answers whoever wrote. */
async function adminLoop(admin: ApiClient, crowd: Crowd) {
  let round = 0
  while (crowd.running) {
    await recorded('GET /admin/users', () => admin.call('GET', '/admin/users?page=1'))
    await recorded('GET /admin/requests', () => admin.call('GET', '/admin/requests?status=pending&page=1'))
    await recorded('GET /chat/unread-count', () => admin.call('GET', '/chat/unread-count'))
    const [customerId] = crowd.waitingForSupport
    if (customerId !== undefined && round % 2 === 0) {
      crowd.waitingForSupport.delete(customerId)
      await recorded('GET /chat/messages (admin)', () =>
        admin.call('GET', `/chat/messages?customer_id=${customerId}&page=1`),
      )
      await recorded('POST /chat/messages (admin)', () =>
        admin.call('POST', '/chat/messages', {
          message: 'Support here: noted, thank you.',
          customer_id: customerId,
        }),
      )
    }
    round += 1
    await sleep(ADMIN_POLL_MS)
  }
}

/** The figures /metrics gives, as numbers by metric name (labels dropped: one series each for these). */
async function scrapeMetrics(baseUrl: string): Promise<Map<string, number>> {
  const text = await (await fetch(`${baseUrl}/metrics`)).text()
  const values = new Map<string, number>()
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || line.trim() === '') continue
    const match = /^([a-zA-Z_:][\w:]*)(\{[^}]*\})?\s+(\S+)/.exec(line)
    if (!match) continue
    const [, name, labels, value] = match
    if (name === 'http_requests_total' && labels && /status_code="5\d\d"/.test(labels)) {
      values.set('http_5xx_total', (values.get('http_5xx_total') ?? 0) + Number(value))
    }
    if (!values.has(name!)) values.set(name!, Number(value))
  }
  return values
}

interface MinuteSample {
  minute: number
  rssMb: number
  heapUsedMb: number
  loopP99Ms: number
  serverCpuPercent: number
  othersCpuPercent: number
}

/** Every balance against its ledger, in SQL on the stopped server's data directory. */
async function checkLedger(dataDir: string) {
  const handle = await openDatabase({ dataDir })
  try {
    const result = (await handle.db.execute(sql`
      with sums as (
        select user_id,
               coalesce(sum(amount) filter (where account = 'trading'), 0) as trading,
               coalesce(sum(amount) filter (where account = 'savings'), 0) as savings
        from ledger_entries group by user_id
      )
      select count(*)::int as users,
             count(*) filter (where u.balance <> coalesce(s.trading, 0)
                                 or u.savings_balance <> coalesce(s.savings, 0))::int as mismatched,
             count(*) filter (where u.balance < 0 or u.savings_balance < 0)::int as negative,
             (select count(*)::int from ledger_entries) as ledger_rows,
             (select count(*)::int from trades where closed_at is null) as open_trades
      from users u left join sums s on s.user_id = u.id
    `)) as unknown as {
      rows: {
        users: number
        mismatched: number
        negative: number
        ledger_rows: number
        open_trades: number
      }[]
    }
    return result.rows[0]!
  } finally {
    await handle.close()
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'cfd-soak-'))
const server = new ServerProcess({ dataDir, env: { SEED_DEMO: 'true' } })
const samples: MinuteSample[] = []
let ledger: Awaited<ReturnType<typeof checkLedger>> | undefined
let server5xx = Number.NaN
const sockets: { pusher: Pusher[]; feeds: Socket[] } = { pusher: [], feeds: [] }
try {
  await server.start()
  const baseUrl = server.baseUrl
  console.log(`server: node ${server.args.join(' ')} (pid ${server.pid}), data in ${dataDir}`)
  const admin = await adminClient(baseUrl)
  const setupStartedMs = wallMs()
  const customers = await createCustomers(baseUrl, admin, CUSTOMERS, `soak${Date.now().toString(36)}`)
  for (let index = 0; index < customers.length; index += 20) {
    await Promise.all(
      customers
        .slice(index, index + 20)
        .map(async (customer) =>
          expectStatus(await depositByCard(customer.client, FIRST_DEPOSIT_USD), 201, 'first deposit'),
        ),
    )
  }
  const settings = expectStatus<{
    data: { realtime: { pusher: { key: string }; prices: { apiKey: string } } }
  }>(await admin.call('GET', '/settings'), 200, 'settings').data.realtime
  const allAssets = expectStatus<{ data: Asset[] }>(await admin.call('GET', '/assets'), 200, 'assets').data
  // Crypto trades at any hour of any day; the run must not depend on when it starts.
  const assets = allAssets.filter((asset) => asset.type === 'crypto').slice(0, 6)
  if (assets.length === 0) throw new Error('no crypto asset to trade')

  const adminPusher = pusherFor(baseUrl, settings.pusher.key, admin)
  sockets.pusher.push(adminPusher)
  await subscribeAll(adminPusher, [ADMIN_CHANNEL])
  for (const customer of customers.slice(0, SOCKET_CUSTOMERS)) {
    const pusher = pusherFor(baseUrl, settings.pusher.key, customer.client)
    sockets.pusher.push(pusher)
    await subscribeAll(pusher, [
      CHANNELS.user(customer.id),
      CHANNELS.notification(customer.id),
      CHANNELS.trade(customer.id),
      CHANNELS.chatCustomer(customer.id),
    ])
  }
  for (let index = 0; index < PRICE_FEED_CUSTOMERS; index += 1) {
    const feed = io(baseUrl, {
      path: PRICE_FEED.PATH,
      transports: ['websocket'],
      auth: { apiKey: settings.prices.apiKey },
      reconnection: true,
    })
    feed.on('connect', () => feed.emit(PRICE_EVENTS.SUBSCRIBE_ALL))
    feed.on(PRICE_EVENTS.DATA_UPDATE, (ticks: unknown[]) => {
      recorder.ticksReceived += ticks.length
    })
    sockets.feeds.push(feed)
  }
  console.log(
    `set up in ${Math.round((wallMs() - setupStartedMs) / 1000)} s: ${customers.length} customers (each deposited ` +
      `$${FIRST_DEPOSIT_USD}), ${SOCKET_CUSTOMERS} with pusher-js on their 4 channels, ${PRICE_FEED_CUSTOMERS} on the ` +
      `price feed, the admin console on ${ADMIN_CHANNEL}; trading ${assets.map((asset) => asset.symbol).join(', ')}`,
  )

  const crowd: Crowd = { running: true, waitingForSupport: new Set() }
  recorder.startedMs = wallMs()
  const loops = [
    ...customers.map((customer, index) => customerLoop(customer, assets, crowd, index)),
    adminLoop(admin, crowd),
  ]
  // The metrics histogram of event-loop delay resets at each scrape: this one starts the first minute clean.
  await scrapeMetrics(baseUrl)
  let busyBefore = machineBusyTicks()
  let serverCpuBefore = await cpuSeconds(server.pid)
  let selfBefore = process.cpuUsage()
  for (let minute = 1; minute <= MINUTES; minute += 1) {
    await sleep(recorder.startedMs + minute * MINUTE_MS - wallMs())
    const metrics = await scrapeMetrics(baseUrl)
    const serverCpu = await cpuSeconds(server.pid)
    const self = process.cpuUsage(selfBefore)
    const busy = (machineBusyTicks() - busyBefore) / CLOCK_TICKS
    const sample: MinuteSample = {
      minute,
      rssMb: (metrics.get('process_resident_memory_bytes') ?? Number.NaN) / 2 ** 20,
      heapUsedMb: (metrics.get('nodejs_heap_size_used_bytes') ?? Number.NaN) / 2 ** 20,
      loopP99Ms: (metrics.get('nodejs_eventloop_lag_p99_seconds') ?? Number.NaN) * 1000,
      serverCpuPercent: ((serverCpu - serverCpuBefore) / 60) * 100,
      othersCpuPercent: Math.max(
        0,
        ((busy - (serverCpu - serverCpuBefore) - (self.user + self.system) / 1e6) / 60) * 100,
      ),
    }
    samples.push(sample)
    busyBefore = machineBusyTicks()
    serverCpuBefore = serverCpu
    selfBefore = process.cpuUsage()
    const bucket = recorder.minutes[minute - 1] ?? { latencies: [], requests: 0, errors: 0 }
    const sorted = [...bucket.latencies].sort((x, y) => x - y)
    console.log(
      `minute ${minute}: ${bucket.requests} requests, p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ` +
        `${percentile(sorted, 99).toFixed(1)} ms, ${bucket.errors} errors; RSS ${sample.rssMb.toFixed(1)} MB, heap ` +
        `${sample.heapUsedMb.toFixed(1)} MB, event-loop p99 ${sample.loopP99Ms.toFixed(1)} ms; server CPU ` +
        `${sample.serverCpuPercent.toFixed(0)} %, other processes ${sample.othersCpuPercent.toFixed(0)} % of a core`,
    )
  }
  crowd.running = false
  await Promise.all(loops)
  server5xx = (await scrapeMetrics(baseUrl)).get('http_5xx_total') ?? 0
  for (const pusher of sockets.pusher) pusher.disconnect()
  for (const feed of sockets.feeds) feed.close()
  for (const customer of customers) customer.client.close()
  admin.close()
  await server.stop()
  ledger = await checkLedger(dataDir)
} finally {
  for (const pusher of sockets.pusher) pusher.disconnect()
  for (const feed of sockets.feeds) feed.close()
  await server.stop()
  if (!process.env.SOAK_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true })
}

// ---- the verdict ----
const minuteRows = samples.map((sample) => {
  const bucket = recorder.minutes[sample.minute - 1] ?? { latencies: [], requests: 0, errors: 0 }
  const sorted = [...bucket.latencies].sort((x, y) => x - y)
  return {
    minute: sample.minute,
    requests: bucket.requests,
    p50_ms: Number(percentile(sorted, 50).toFixed(1)),
    p99_ms: Number(percentile(sorted, 99).toFixed(1)),
    errors: bucket.errors,
    rss_mb: Number(sample.rssMb.toFixed(1)),
    heap_mb: Number(sample.heapUsedMb.toFixed(1)),
    loop_p99_ms: Number(sample.loopP99Ms.toFixed(1)),
    server_cpu_pct: Math.round(sample.serverCpuPercent),
    others_cpu_pct: Math.round(sample.othersCpuPercent),
  }
})
console.table(minuteRows)

const afterWarmup = minuteRows.filter((row) => row.minute > WARMUP_MINUTES)
const rssAtWarmup =
  minuteRows.find((row) => row.minute === WARMUP_MINUTES)?.rss_mb ?? minuteRows[0]?.rss_mb ?? 0
const rssAtEnd = minuteRows.at(-1)?.rss_mb ?? 0
const rssGrowth = (rssAtEnd - rssAtWarmup) / rssAtWarmup
const half = Math.floor(afterWarmup.length / 2)
const pooledP99 = (rows: typeof afterWarmup) =>
  percentile(
    rows.flatMap((row) => recorder.minutes[row.minute - 1]?.latencies ?? []).sort((x, y) => x - y),
    99,
  )
const p99First = pooledP99(afterWarmup.slice(0, half))
const p99Second = pooledP99(afterWarmup.slice(half))
const p99Change = (p99Second - p99First) / p99First
const minuteP99s = afterWarmup.map((row) => row.p99_ms)

const verdicts = [
  {
    criterion: `RSS growth after minute ${WARMUP_MINUTES} under 10 %`,
    figure: `${rssAtWarmup.toFixed(1)} -> ${rssAtEnd.toFixed(1)} MB (${(rssGrowth * 100).toFixed(1)} %)`,
    pass: rssGrowth < 0.1,
  },
  {
    criterion: 'p99 API latency stable within 20 % (first half after warm-up vs second)',
    figure:
      afterWarmup.length < 2
        ? 'needs 2 minutes after the warm-up'
        : `${p99First.toFixed(1)} -> ${p99Second.toFixed(1)} ms (${(p99Change * 100).toFixed(1)} %); per minute ` +
          `${Math.min(...minuteP99s).toFixed(1)}-${Math.max(...minuteP99s).toFixed(1)} ms`,
    pass: afterWarmup.length >= 2 && Math.abs(p99Change) <= 0.2,
  },
  {
    criterion: '0 errors (any non-2xx answer or failed request; server-side 5xx from /metrics)',
    figure: `${recorder.errorCount} errors, ${server5xx} 5xx counted by the server`,
    pass: recorder.errorCount === 0 && server5xx === 0,
  },
  {
    criterion: 'ledger exact: every balance equals the sum of its ledger rows',
    figure: ledger
      ? `${ledger.users} users, ${ledger.ledger_rows} ledger rows: ${ledger.mismatched} mismatched, ` +
        `${ledger.negative} negative, ${ledger.open_trades} positions left open`
      : 'not checked',
    pass: ledger !== undefined && ledger.mismatched === 0 && ledger.negative === 0,
  },
]
const requests = recorder.minutes.reduce((sum, bucket) => sum + bucket.requests, 0)
console.log(
  `\n${MINUTES} min, ${CUSTOMERS} customers: ${requests} API requests (${(requests / (MINUTES * 60)).toFixed(1)}/s), ` +
    `${recorder.depositsAcknowledged} card deposits after the first, ${recorder.eventsReceived} Pusher events ` +
    `and ${recorder.ticksReceived} price ticks received.`,
)
if (recorder.errors.length > 0) console.log(`First errors:\n  ${recorder.errors.join('\n  ')}`)
console.table(verdicts.map((verdict) => ({ ...verdict, pass: verdict.pass ? 'PASS' : 'FAIL' })))
const allPass = verdicts.every((verdict) => verdict.pass)
console.log(allPass ? 'Soak: PASS' : 'Soak: FAIL')
process.exitCode = allPass ? 0 : 1
