// Figures, not a test (decision 0013, Benchmark): the admin chat console with 200 customers and one conversation of
// 10,000 messages. Time to first paint of the conversation (opened from the user list, and a cold load of its URL),
// the scroll frame rate through it, and the page's JS heap (with DOM nodes and event listeners) after loading every
// page and through an hour's worth of support traffic compressed into about a minute, with the verdict whether it
// stays flat. Run after `npm run build`: `npm run bench:chat`. Results go to tests/bench/results/chat.json.
//
// Seeding: the server starts once (migrations, demo data), stops, and the bench writes 199 more customers and the
// conversation straight into its PGlite database, then starts it again: 10,000 messages through the API would
// measure the API instead.
import { chromium, type CDPSession, type Page } from '@playwright/test'
import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { sql } from 'drizzle-orm'
import { CHROMIUM_ARGS } from '../../playwright.config'
import { openDatabase } from '../../server/db/client'
import { apiLogin, DEMO_ADMIN, DEMO_CUSTOMER, type RunningServer } from '../e2e/support/server'
import { waitForQuiet } from './support/machine'
import { CLIENT_DIR, startBenchServer } from './support/server'

const CUSTOMERS = 200
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 10_000)
/** An hour of a busy conversation: a message every 5 s, from either side. */
const TRAFFIC_MESSAGES = Number(process.env.BENCH_TRAFFIC_MESSAGES ?? 720)
/** Compressed: this many messages a second. */
const TRAFFIC_RATE = Number(process.env.BENCH_TRAFFIC_RATE ?? 12)
/** Heap checkpoints during the traffic. */
const CHECKPOINTS = 6
const SCROLL_MS = Number(process.env.BENCH_SCROLL_MS ?? 5_000)
/** Pixels per frame of the scroll run: a brisk flick, about 4,800 px a second at 60 Hz. */
const SCROLL_STEP_PX = 80
const DROPPED_FRAME_MS = 33
/** Growth per new message at most this many times what a loaded message costs counts as flat. */
const FLAT_FACTOR = 1.5
const RESULTS = new URL('./results/', import.meta.url).pathname
/** BENCH_PROFILE=1: a CPU profile of the page while it loads pages and while it scrolls, by function. */
const PROFILE = process.env.BENCH_PROFILE === '1'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a')
const mb = (bytes: number) => bytes / (1024 * 1024)

function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))]!
}

interface Seeded {
  customerId: number
  adminId: number
  firstMessageId: number
  lastMessageId: number
}

/** 199 customers besides the demo one (a third online, a quarter waiting), and the demo customer's 10,000 messages. */
async function seed(server: RunningServer): Promise<Seeded> {
  await server.stop()
  const handle = await openDatabase({ dataDir: server.dataDir })
  try {
    const { db } = handle
    // PGlite and node-postgres both answer `{ rows }`.
    const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows
    const idOf = async (email: string) => {
      const id = rowsOf<{ id: number }>(await db.execute(sql`select id from users where email = ${email}`))[0]
        ?.id
      if (id === undefined) throw new Error(`${email} missing from the seed`)
      return Number(id)
    }
    const customerId = await idOf(DEMO_CUSTOMER.email)
    const adminId = await idOf(DEMO_ADMIN.email)
    await db.execute(sql`
      insert into users (email, username, first_name, last_name, password_hash, role, status, account_id, last_seen_at)
      select 'bench' || g || '@example.com', 'bench' || g, 'Bench', 'Customer ' || g, 'not-a-hash', 'customer',
        'active', 'CFD' || lpad((8000000 + g)::text, 7, '0'), case when g % 3 = 0 then now() else null end
      from generate_series(1, ${CUSTOMERS - 1}::int) g`)
    await db.execute(sql`
      insert into chat_messages (customer_id, sender_id, is_admin, message, read_at, created_at)
      select u.id, u.id, false, 'Hello, is anyone there?', null, now() - interval '10 minutes'
      from users u where u.email like 'bench%' and u.id % 4 = 0`)
    // Three messages in five from the customer, lines of varying length, a few minutes apart over about a month.
    await db.execute(sql`
      insert into chat_messages (customer_id, sender_id, is_admin, message, read_at, created_at)
      select ${customerId}::int, case when g % 5 in (1, 3) then ${adminId}::int else ${customerId}::int end,
        g % 5 in (1, 3),
        'Bench message ' || g || ': ' || repeat('about my account and the trades on it ', 1 + (g % 6)),
        now() - interval '1 minute', now() - ((${MESSAGES}::int - g) * interval '4 minutes') - interval '1 hour'
      from generate_series(1, ${MESSAGES}::int) g`)
    const [range] = rowsOf<{ first: number; last: number }>(
      await db.execute(
        sql`select min(id) as first, max(id) as last from chat_messages where customer_id = ${customerId}`,
      ),
    )
    return { customerId, adminId, firstMessageId: Number(range!.first), lastMessageId: Number(range!.last) }
  } finally {
    await handle.close()
    await server.start()
  }
}

interface HeapSample {
  heapMb: number
  nodes: number
  listeners: number
  messagesShown: number
}

async function sample(page: Page, cdp: CDPSession): Promise<HeapSample> {
  // Twice: the first pass can leave objects that only a second one frees (weak maps, finalizers).
  await cdp.send('HeapProfiler.collectGarbage')
  await cdp.send('HeapProfiler.collectGarbage')
  const { metrics } = await cdp.send('Performance.getMetrics')
  const metric = (name: string) => metrics.find((entry) => entry.name === name)?.value ?? Number.NaN
  return {
    heapMb: mb(metric('JSHeapUsedSize')),
    nodes: metric('Nodes'),
    listeners: metric('JSEventListeners'),
    messagesShown: await page.locator('[data-testid=chat-message]').count(),
  }
}

/** ms from `start` (a page callback that acts) until a frame shows `selector`: measured in the page, at paint. */
async function timeToPaint(page: Page, selector: string, act: string): Promise<number> {
  return page.evaluate(
    async ({ selector, act }) => {
      const started = performance.now()
      new Function(act)()
      return new Promise<number>((resolve) => {
        const poll = () => {
          if (document.querySelector(selector))
            requestAnimationFrame(() => resolve(performance.now() - started))
          else requestAnimationFrame(poll)
        }
        poll()
      })
    },
    { selector, act },
  )
}

/** Scrolls to the top until the oldest message shows: every page loaded. */
async function loadAllPages(page: Page, firstMessageId: number): Promise<{ ms: number; pages: number }> {
  const started = Date.now()
  let rounds = 0
  for (;;) {
    const done = await page.evaluate((firstId) => {
      const scroll = document.querySelector<HTMLElement>('[data-testid=chat-scroll]')!
      if (document.querySelector(`[data-message-id="${firstId}"]`)) return true
      scroll.scrollTop = 0
      scroll.dispatchEvent(new Event('scroll'))
      return false
    }, firstMessageId)
    if (done) break
    rounds += 1
    if (rounds > 1_000) throw new Error('the oldest message never showed')
    // The list is aria-busy while a page of older messages loads (innerText would force a layout every frame).
    await page.waitForFunction(
      () => !document.querySelector('[data-testid=chat-scroll][aria-busy=true]'),
      undefined,
      {
        polling: 'raf',
        timeout: 30_000,
      },
    )
    await sleep(30)
  }
  return { ms: Date.now() - started, pages: rounds }
}

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }
}

/** The heaviest functions by self time, % of the profiled wall time. */
function topFunctions(profile: {
  nodes: ProfileNode[]
  samples?: number[]
  timeDeltas?: number[]
  startTime: number
  endTime: number
}) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const self = new Map<string, number>()
  const samples = profile.samples ?? []
  const deltas = profile.timeDeltas ?? []
  for (let index = 0; index < samples.length; index += 1) {
    const frame = byId.get(samples[index]!)!.callFrame
    const file = frame.url.split('/').at(-1) ?? ''
    const name = frame.url
      ? `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}`
      : frame.functionName
    self.set(name, (self.get(name) ?? 0) + (deltas[index + 1] ?? 0))
  }
  const total = profile.endTime - profile.startTime
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 20)
    .map(([name, micros]) => ({ function: name, '%': fixed((100 * micros) / total) }))
}

async function profiled<T>(cdp: CDPSession, label: string, run: () => Promise<T>): Promise<T> {
  if (!PROFILE) return run()
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
  await cdp.send('Profiler.start')
  const result = await run()
  const { profile } = await cdp.send('Profiler.stop')
  console.log(`Profile: ${label}`)
  console.table(topFunctions(profile))
  return result
}

interface ScrollRun {
  frames: number
  fps: number
  p95FrameMs: number
  maxFrameMs: number
  droppedPercent: number
  distancePx: number
}

/** Scrolls the list SCROLL_STEP_PX a frame (bouncing at the ends) and records every frame's interval. */
async function scrollRun(page: Page): Promise<ScrollRun> {
  const intervals = await page.evaluate(
    async ({ durationMs, step }) => {
      const scroll = document.querySelector<HTMLElement>('[data-testid=chat-scroll]')!
      const frames: number[] = []
      let direction = -1
      let last = performance.now()
      const end = last + durationMs
      await new Promise<void>((resolve) => {
        const frame = (now: number) => {
          frames.push(now - last)
          last = now
          const next = scroll.scrollTop + direction * step
          if (next <= 0 || next >= scroll.scrollHeight - scroll.clientHeight) direction = -direction
          scroll.scrollTop = next
          if (now < end) requestAnimationFrame(frame)
          else resolve()
        }
        requestAnimationFrame(frame)
      })
      return frames.slice(1)
    },
    { durationMs: SCROLL_MS, step: SCROLL_STEP_PX },
  )
  const sorted = [...intervals].sort((a, b) => a - b)
  const total = intervals.reduce((sum, value) => sum + value, 0)
  return {
    frames: intervals.length,
    fps: (intervals.length * 1000) / total,
    p95FrameMs: percentile(sorted, 0.95),
    maxFrameMs: sorted.at(-1) ?? Number.NaN,
    droppedPercent: (100 * intervals.filter((value) => value > DROPPED_FRAME_MS).length) / intervals.length,
    distancePx: intervals.length * SCROLL_STEP_PX,
  }
}

async function post(baseUrl: string, token: string, body: Record<string, unknown>) {
  const response = await fetch(`${baseUrl}/api/v1/chat/messages`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`send failed: ${response.status} ${await response.text()}`)
  return ((await response.json()) as { data: { id: number } }).data.id
}

const benchStartedMs = Date.now()
const quiet = await waitForQuiet(Number(process.env.BENCH_QUIET_WAIT_MS ?? 60_000))
const server = await startBenchServer()
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
})
try {
  const seeded = await seed(server)
  console.log(
    `Seeded ${CUSTOMERS} customers and ${MESSAGES.toLocaleString('en-US')} messages (customer ${seeded.customerId}).`,
  )
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
  // tsx compiles the callbacks handed to page.evaluate with esbuild's keepNames, which calls a __name helper.
  await context.addInitScript('globalThis.__name ??= (target) => target')
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Performance.enable')

  await page.goto(server.url)
  await page.getByLabel('Email address').fill(DEMO_ADMIN.email)
  await page.getByLabel('Password', { exact: true }).fill(DEMO_ADMIN.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor()

  // The console with its 200 customers, nobody selected.
  await page.goto(`${server.url}/admin/chat`)
  await page.waitForFunction(
    (count) => document.querySelectorAll('[data-testid=chat-user]').length >= count,
    CUSTOMERS,
    {
      timeout: 30_000,
    },
  )
  const usersListed = await page.locator('[data-testid=chat-user]').count()
  const empty = await sample(page, cdp)

  // First paint of the conversation, opened from the list (page 1 fetched, rows laid out and painted).
  const fromList = await timeToPaint(
    page,
    '[data-testid=chat-message]',
    `document.querySelector('[data-testid=chat-user][data-user-id="${seeded.customerId}"]').click()`,
  )
  await page.getByTestId('connection-indicator').filter({ hasText: 'Connected' }).waitFor({ timeout: 30_000 })
  const opened = await sample(page, cdp)

  // A cold load of the conversation's URL: navigation start to the first frame that shows a message (app boot,
  // settings, session, the user list and page 1 included), watched from inside the page.
  await page.addInitScript(() => {
    const poll = () => {
      if (document.querySelector('[data-testid=chat-message]')) {
        ;(window as unknown as { __firstMessagePaintMs: number }).__firstMessagePaintMs = performance.now()
        return
      }
      requestAnimationFrame(poll)
    }
    requestAnimationFrame(poll)
  })
  await page.goto(`${server.url}/admin/chat?user=${seeded.customerId}`)
  const coldConversation = Number(
    await (
      await page.waitForFunction(
        () => (window as unknown as { __firstMessagePaintMs?: number }).__firstMessagePaintMs,
        undefined,
        {
          timeout: 30_000,
        },
      )
    ).jsonValue(),
  )
  const coldLoad = await page.evaluate(() => {
    const entry = performance
      .getEntriesByType('paint')
      .find((paint) => paint.name === 'first-contentful-paint')
    return { fcpMs: entry?.startTime ?? Number.NaN }
  })
  await page.getByTestId('connection-indicator').filter({ hasText: 'Connected' }).waitFor({ timeout: 30_000 })

  const load = await profiled(cdp, 'loading every page', () => loadAllPages(page, seeded.firstMessageId))
  const loaded = await sample(page, cdp)
  const scroll = await profiled(cdp, 'scrolling', () => scrollRun(page))

  // An hour of traffic: both sides write, the console follows at the bottom and marks each customer message read.
  await page.evaluate(() => {
    const scrollBox = document.querySelector<HTMLElement>('[data-testid=chat-scroll]')!
    scrollBox.scrollTop = scrollBox.scrollHeight
  })
  await sleep(500)
  const before = await sample(page, cdp)
  const customerToken = await apiLogin(server.url, DEMO_CUSTOMER)
  const adminToken = await apiLogin(server.url, DEMO_ADMIN)
  const checkpoints: (HeapSample & { sent: number })[] = [{ ...before, sent: 0 }]
  const trafficStarted = Date.now()
  let lastId = 0
  for (let index = 1; index <= TRAFFIC_MESSAGES; index += 1) {
    const fromAdmin = index % 2 === 0
    lastId = await post(server.url, fromAdmin ? adminToken : customerToken, {
      message: `Traffic ${index}: ${'how do I read the margin level '.repeat(1 + (index % 4))}`,
      ...(fromAdmin ? { customer_id: seeded.customerId } : {}),
    })
    const due = trafficStarted + (index * 1000) / TRAFFIC_RATE
    if (due > Date.now()) await sleep(due - Date.now())
    if (index % Math.ceil(TRAFFIC_MESSAGES / CHECKPOINTS) === 0 || index === TRAFFIC_MESSAGES) {
      // A locator, not waitForSelector: an element handle would keep the row alive after it scrolls away.
      await page.locator(`[data-message-id="${lastId}"]`).waitFor({ timeout: 30_000 })
      checkpoints.push({ ...(await sample(page, cdp)), sent: index })
    }
  }
  const trafficMs = Date.now() - trafficStarted
  await page.locator(`[data-message-id="${lastId}"]`).waitFor({ timeout: 30_000 })
  await sleep(1_000)
  const after = await sample(page, cdp)

  // Flat: after the first checkpoint (warm-up: code compiled, caches and sockets settled), the heap grows by about
  // what the new messages themselves take, nothing on top, and DOM nodes and listeners do not grow at all.
  const perLoadedMessageKb = ((loaded.heapMb - opened.heapMb) * 1024) / Math.max(1, MESSAGES - 50)
  const steady = checkpoints.slice(1)
  const slopeKb = (() => {
    // Least squares: heap (KB) against messages sent.
    const n = steady.length
    if (n < 2) return Number.NaN
    const meanX = steady.reduce((sum, s) => sum + s.sent, 0) / n
    const meanY = steady.reduce((sum, s) => sum + s.heapMb * 1024, 0) / n
    const covariance = steady.reduce((sum, s) => sum + (s.sent - meanX) * (s.heapMb * 1024 - meanY), 0)
    const variance = steady.reduce((sum, s) => sum + (s.sent - meanX) ** 2, 0)
    return covariance / variance
  })()
  const perTrafficMessageKb = ((after.heapMb - before.heapMb) * 1024) / TRAFFIC_MESSAGES
  const flat =
    slopeKb <= Math.max(perLoadedMessageKb * FLAT_FACTOR, 0.5) &&
    after.nodes <= before.nodes + 50 &&
    after.listeners <= before.listeners * 1.2

  console.log('')
  console.log(`Admin chat console: ${usersListed} customers listed, one conversation of ${MESSAGES} messages`)
  console.table({
    'first paint, opened from the list (ms)': { value: fixed(fromList, 0) },
    'first paint, cold load of its URL (ms since navigation)': { value: fixed(coldConversation, 0) },
    'first contentful paint of that load (ms)': { value: fixed(coldLoad.fcpMs, 0) },
    'all pages loaded (s)': { value: fixed(load.ms / 1000, 1) },
    'pages fetched by scrolling up': { value: load.pages },
    'scroll: frames per second': { value: fixed(scroll.fps, 1) },
    'scroll: p95 frame (ms)': { value: fixed(scroll.p95FrameMs, 1) },
    'scroll: longest frame (ms)': { value: fixed(scroll.maxFrameMs, 1) },
    [`scroll: frames over ${DROPPED_FRAME_MS} ms (%)`]: { value: fixed(scroll.droppedPercent, 1) },
  })
  const heapRow = (label: string, s: HeapSample) => ({
    step: label,
    'JS heap (MB)': fixed(s.heapMb, 1),
    'DOM nodes': s.nodes,
    listeners: s.listeners,
    'message rows in DOM': s.messagesShown,
  })
  console.table([
    heapRow('console, nobody selected', empty),
    heapRow('conversation open (page 1)', opened),
    heapRow(`all ${MESSAGES} messages loaded`, loaded),
    ...checkpoints.map((s) => heapRow(`traffic: ${s.sent} sent`, s)),
    heapRow(`after ${TRAFFIC_MESSAGES} messages (${fixed(trafficMs / 1000, 0)} s)`, after),
  ])
  console.log(
    `Heap per loaded message ${fixed(perLoadedMessageKb, 2)} KB; per traffic message ${fixed(perTrafficMessageKb, 2)} KB ` +
      `overall, ${fixed(slopeKb, 2)} KB after warm-up -> ` +
      `${flat ? 'FLAT (grows only by the messages themselves)' : 'NOT FLAT'}`,
  )
  if (!quiet.quiet)
    console.log('Warning: the machine was busy when the bench started; timings may be skewed.')
  console.log(`Done in ${fixed((Date.now() - benchStartedMs) / 1000, 0)} s`)

  mkdirSync(RESULTS, { recursive: true })
  writeFileSync(
    `${RESULTS}chat.json`,
    JSON.stringify(
      {
        date: new Date().toISOString(),
        machine: { cores: cpus().length, cpu: cpus()[0]?.model, quietAtStart: quiet.quiet },
        config: {
          clientDir: CLIENT_DIR,
          customers: CUSTOMERS,
          messages: MESSAGES,
          trafficMessages: TRAFFIC_MESSAGES,
          trafficRatePerSecond: TRAFFIC_RATE,
          scrollMs: SCROLL_MS,
          scrollStepPx: SCROLL_STEP_PX,
        },
        usersListed,
        firstPaint: { fromListMs: fromList, coldLoadMs: coldConversation, coldLoadFcpMs: coldLoad.fcpMs },
        loadAllPages: load,
        scroll,
        heap: { empty, opened, loaded, checkpoints, after, trafficMs },
        flat: {
          perLoadedMessageKb,
          perTrafficMessageKb,
          steadySlopeKbPerMessage: slopeKb,
          factor: FLAT_FACTOR,
          flat,
        },
      },
      null,
      2,
    ),
  )
  console.log(`Wrote ${RESULTS}chat.json`)
} finally {
  await browser.close()
  await server.dispose()
}
