// Figures, not a test (issue 4, Benchmark): live prices at several simulator rates, in 1 and 4 tabs of the /mt4
// trading workspace (or, with BENCH_PAGE=dashboard, of /main/dashboard), with the shared hub (one SharedWorker, one
// set of sockets per browser) versus `?realtime=dedicated` (a Worker and its own sockets per tab). Per cell:
// tick-to-paint latency (server emit time of the price a bid cell shows to the next animation frame after the DOM
// changed), main-thread busy % per tab and where it goes (script, style, layout, other), dropped frames, CPU of the
// whole browser and of the server, and the connection gauges. Run after `npm run build`: `npm run bench:ticks`; a
// shorter run with e.g. `BENCH_RATES=2000 BENCH_TABS=4 npm run bench:ticks`; against another build with
// BENCH_CLIENT_DIR. Results go to tests/bench/results/ticks.json (ticks-dashboard.json for the dashboard).
import { chromium, type BrowserContext, type Page } from '@playwright/test'
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, tmpdir } from 'node:os'
import { join } from 'node:path'
import { io, type Socket } from 'socket.io-client'
import { CHROMIUM_ARGS } from '../../playwright.config'
import { PRICE_EVENTS, PRICE_FEED } from '../../src/domain/contract/realtime'
import { formatPrice, PRICE_DECIMALS } from '../../src/domain/format/numbers'
import { sellPrice } from '../../src/domain/market/live-prices'
import { DEMO_CUSTOMER, TEMPLATE_ENV, type RunningServer } from '../e2e/support/server'
import { CLOCK_TICKS, machineBusyTicks, waitForQuiet } from './support/machine'
import { CLIENT_DIR, startBenchServer } from './support/server'

type Mode = 'shared' | 'dedicated'
type PageName = 'mt4' | 'dashboard'
type LatencySource = 'attribute' | 'feed-match'

const numbers = (value: string | undefined, fallback: number[]) =>
  value ? value.split(',').map((item) => Number(item.trim())) : fallback
const RATES = numbers(process.env.BENCH_RATES, [500, 2_000, 10_000])
const TABS = numbers(process.env.BENCH_TABS, [1, 4])
const MODES = (
  process.env.BENCH_MODES?.split(',').map((item) => item.trim()) ?? ['shared', 'dedicated']
).filter((mode): mode is Mode => mode === 'shared' || mode === 'dedicated')
const WARMUP_MS = Number(process.env.BENCH_WARMUP_MS ?? 3_000)
const WINDOW_MS = Number(process.env.BENCH_WINDOW_MS ?? 10_000)
const PAGE: PageName = process.env.BENCH_PAGE === 'dashboard' ? 'dashboard' : 'mt4'
/**
 * Where a painted price's server time comes from. 'attribute': the bid cell's `data-updated-ms` (the dashboard has
 * it). 'feed-match': the bench subscribes to the price feed itself and matches each painted bid text to the latest
 * tick of that asset that formats to it (for pages whose cells lack the attribute). 'auto': the attribute when the
 * page's bid cells carry it, else feed-match.
 */
const LATENCY = (process.env.BENCH_LATENCY ?? 'auto') as LatencySource | 'auto'
/** BENCH_PROFILE=1: a CPU profile of the first tab during each window, summed by script file and by function. */
const PROFILE = process.env.BENCH_PROFILE === '1'
/**
 * BENCH_RENDERS=1: count React commits and component renders in each tab during the window (through the DevTools
 * hook, which production React also calls), and how many of those renders were price rows. It costs main-thread
 * time itself: read its figures, not the cell's timings.
 */
const RENDERS = process.env.BENCH_RENDERS === '1'
/** A frame interval above this counts as dropped (two 60 Hz frames). */
const DROPPED_FRAME_MS = 33
/** Machine CPU used by anything but this browser, the server and this script that makes a cell suspect. */
const OTHER_LOAD_WARNING_PERCENT = 20
/** Before each cell, wait up to this long (0 skips) for a quiet machine: under 25 % of one core busy. */
const QUIET_WAIT_MS = Number(process.env.BENCH_QUIET_WAIT_MS ?? 60_000)
/** feed-match looks this far back for the tick a painted text came from. */
const MATCH_HORIZON_MS = 5_000
const TARGETS = { p99Ms: 50, p99Rate: 2_000, p99Tabs: 4, busyPercent: 20, sharedSaving: 2, savingTabs: 4 }

/** What the probe needs to know about the page under test (passed into the page, so plain data). */
interface PageSpec {
  path: string
  /** The bid cell of BTC/USD: the page is ready when it shows. */
  readyCell: string
  /** The element whose subtree holds every bid cell: `closest(container)` of the ready cell. */
  container: string
  /** Every bid cell. */
  bidCell: string
  /** The asset_id of a bid cell: the suffix of its own data-testid, or of its row's. */
  key: { from: 'self' | 'row'; row?: string; prefix: string }
  /** A bid cell near the end of the list, scrolled into view so the whole list is painted (dashboard only). */
  scrollTo?: string
}

const PAGES: Record<PageName, PageSpec> = {
  mt4: {
    path: '/mt4',
    readyCell: '[data-testid="watch-bid-eurusd"]',
    container: 'table',
    bidCell: '[data-testid^="watch-bid-"]',
    key: { from: 'self', prefix: 'watch-bid-' },
  },
  dashboard: {
    path: '/main/dashboard',
    readyCell: '[data-testid="market-row-btcusd"] [data-testid="bid"]',
    container: 'tbody',
    bidCell: '[data-testid="bid"]',
    key: { from: 'row', row: '[data-testid^="market-row-"]', prefix: 'market-row-' },
    scrollTo: '[data-testid="market-row-spy"]',
  },
}
const SPEC = PAGES[PAGE]

const RESULTS = new URL('./results/', import.meta.url).pathname

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return NaN
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))]!
}

async function readMetrics(baseUrl: string) {
  const text = await (await fetch(`${baseUrl}/metrics`)).text()
  const read = (name: string) => Number(new RegExp(`^${name} ([\\d.e+-]+)`, 'm').exec(text)?.[1] ?? NaN)
  return {
    pusher: read('realtime_pusher_connections'),
    prices: read('price_feed_connections'),
    cpuSeconds: read('process_cpu_seconds_total'),
  }
}

async function waitForGauges(baseUrl: string, pusher: number, prices: number, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const metrics = await readMetrics(baseUrl)
    if (metrics.pusher === pusher && metrics.prices === prices) return true
    if (Date.now() > deadline) return false
    await sleep(200)
  }
}

interface ProcessTicks {
  /** Chromium's --type (renderer, gpu-process, utility, zygote), or browser. */
  type: string
  ticks: number
}

/** utime + stime (clock ticks) of every process of the browser using `userDataDir`, and of their descendants. */
function browserCpuTicks(userDataDir: string): Map<number, ProcessTicks> {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,args='], { maxBuffer: 16 * 1024 * 1024 })
    .toString()
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((match) => match !== null)
    .map((match) => ({ pid: Number(match[1]), ppid: Number(match[2]), args: match[3]! }))
  const ours = new Set(rows.filter((row) => row.args.includes(userDataDir)).map((row) => row.pid))
  for (let grew = true; grew;) {
    grew = false
    for (const row of rows) {
      if (!ours.has(row.pid) && ours.has(row.ppid)) {
        ours.add(row.pid)
        grew = true
      }
    }
  }
  const ticks = new Map<number, ProcessTicks>()
  for (const row of rows) {
    if (!ours.has(row.pid)) continue
    try {
      const stat = readFileSync(`/proc/${row.pid}/stat`, 'utf8')
      // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      const type = /--type=([\w-]+)/.exec(row.args)?.[1] ?? 'browser'
      ticks.set(row.pid, { type, ticks: Number(fields[11]) + Number(fields[12]) })
    } catch {
      // exited between ps and the read
    }
  }
  return ticks
}

/** CPU spent between two readings, in total and per process (largest first), as % of one core. */
function cpuSpent(before: Map<number, ProcessTicks>, after: Map<number, ProcessTicks>, windowMs: number) {
  const percent = (ticks: number) => (100 * ticks) / CLOCK_TICKS / (windowMs / 1000)
  const processes = [...after].map(([pid, { type, ticks }]) => ({
    pid,
    type,
    cpuPercent: percent(ticks - (before.get(pid)?.ticks ?? 0)),
  }))
  processes.sort((a, b) => b.cpuPercent - a.cpuPercent)
  return {
    cpuPercent: processes.reduce((sum, entry) => sum + entry.cpuPercent, 0),
    processes,
    exited: [...before.keys()].filter((pid) => !after.has(pid)).length,
  }
}

/** A price a tab painted: asset_id, the bid text, the cell's data-updated-ms (0 without one), paint time (epoch ms). */
type PaintSample = [key: string, text: string, updatedMs: number, paintedMs: number]

interface ProbeFigures {
  samples: PaintSample[]
  frames: number
  dropped: number
  longestFrameMs: number
  /** Frame intervals over 250 ms: [end of the gap, Date.now() ms; its length, ms]. */
  stalls: [number, number][]
}
type Probe = ProbeFigures & { stop: () => void }

/**
 * Installed in each tab at the start of the window: the paint observer and the frame counter. A bid cell counts
 * when its asset shows a new price (a new data-updated-ms, or without the attribute a new text), stamped with the
 * next animation frame after the mutation.
 */
function startProbe(input: { spec: PageSpec; droppedFrameMs: number }) {
  const { spec, droppedFrameMs } = input
  const body = document.querySelector(spec.readyCell)?.closest(spec.container)
  if (!body) throw new Error('no price list')
  const probe: Probe = { samples: [], frames: 0, dropped: 0, longestFrameMs: 0, stalls: [], stop: () => {} }
  const keyOf = (cell: Element) => {
    const owner = spec.key.from === 'self' ? cell : spec.key.row ? cell.closest(spec.key.row) : null
    return owner?.getAttribute('data-testid')?.slice(spec.key.prefix.length) ?? ''
  }
  // What each asset showed last, so a re-render without a new price is not counted twice.
  const seen = new Map<string, string>()
  const signature = (cell: Element) => `${cell.getAttribute('data-updated-ms') ?? ''}|${cell.textContent}`
  let pending: [string, string, number][] = []
  let frameRequested = false
  const visit = (cell: Element) => {
    const key = keyOf(cell)
    const mark = signature(cell)
    if (!key || seen.get(key) === mark) return
    seen.set(key, mark)
    pending.push([key, cell.textContent ?? '', Number(cell.getAttribute('data-updated-ms')) || 0])
  }
  const collect = (node: Node | null) => {
    const element = node instanceof Element ? node : (node?.parentElement ?? null)
    if (!element) return
    const own = element.closest(spec.bidCell)
    if (own) visit(own)
    else element.querySelectorAll(spec.bidCell).forEach(visit)
  }
  const observer = new MutationObserver((mutations) => {
    for (const mutation of mutations) {
      collect(mutation.target)
      mutation.addedNodes.forEach(collect)
    }
    if (pending.length === 0 || frameRequested) return
    frameRequested = true
    requestAnimationFrame(() => {
      const nowMs = Date.now()
      for (const [key, text, updatedMs] of pending) probe.samples.push([key, text, updatedMs, nowMs])
      pending = []
      frameRequested = false
    })
  })
  observer.observe(body, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
    attributeFilter: ['data-updated-ms'],
  })
  // Prices already on screen count as seen: only prices that arrive during the window are measured.
  body.querySelectorAll(spec.bidCell).forEach((cell) => seen.set(keyOf(cell), signature(cell)))
  let running = true
  let previous = 0
  const frame = (time: number) => {
    if (!running) return
    if (previous) {
      probe.frames += 1
      const interval = time - previous
      if (interval > droppedFrameMs) probe.dropped += 1
      probe.longestFrameMs = Math.max(probe.longestFrameMs, interval)
      if (interval > 250) probe.stalls.push([Date.now(), Math.round(interval)])
    }
    previous = time
    requestAnimationFrame(frame)
  }
  requestAnimationFrame(frame)
  probe.stop = () => {
    running = false
    observer.disconnect()
  }
  ;(window as unknown as { __tickProbe: Probe }).__tickProbe = probe
  return document.visibilityState
}

interface RenderCounts {
  commits: number
  /** Function, class, forwardRef and memo components that rendered (mounts included). */
  componentRenders: number
  /** Of those, the components whose first element is a price row (`watch-row-*` or `market-row-*`). */
  rowRenders: number
}

/**
 * Added before the app loads (init script): a minimal React DevTools hook. On each commit it walks the fibers this
 * commit touched (a subtree whose child list is the previous tree's was not re-rendered) and counts the components
 * that performed work, while `active` is set.
 */
function installRenderCounter() {
  const counts = { active: false, commits: 0, componentRenders: 0, rowRenders: 0 }
  interface Fiber {
    tag: number
    flags: number
    child: Fiber | null
    sibling: Fiber | null
    alternate: Fiber | null
    stateNode: unknown
  }
  const COMPONENT_TAGS = new Set([0, 1, 11, 14, 15])
  const HOST_COMPONENT = 5
  const PERFORMED_WORK = 1
  const isRow = (fiber: Fiber) => {
    let host: Fiber | null = fiber.child
    while (host && host.tag !== HOST_COMPONENT) host = host.child
    const testId = host?.stateNode instanceof Element ? host.stateNode.getAttribute('data-testid') : null
    return testId !== null && (testId.startsWith('watch-row-') || testId.startsWith('market-row-'))
  }
  const walk = (fiber: Fiber) => {
    if (COMPONENT_TAGS.has(fiber.tag) && (fiber.alternate === null || fiber.flags & PERFORMED_WORK)) {
      counts.componentRenders += 1
      if (isRow(fiber)) counts.rowRenders += 1
    }
    if (fiber.alternate && fiber.child === fiber.alternate.child) return
    for (let child = fiber.child; child; child = child.sibling) walk(child)
  }
  let renderers = 0
  ;(window as unknown as Record<string, unknown>).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    isDisabled: false,
    renderers: new Map(),
    inject: () => (renderers += 1),
    checkDCE: () => {},
    onScheduleFiberRoot: () => {},
    onCommitFiberUnmount: () => {},
    onPostCommitFiberRoot: () => {},
    setStrictMode: () => {},
    onCommitFiberRoot: (_id: number, root: { current: Fiber }) => {
      if (!counts.active) return
      counts.commits += 1
      walk(root.current)
    },
  }
  ;(window as unknown as { __renderCounts: typeof counts }).__renderCounts = counts
}

function startRenderCount() {
  const counts = (window as unknown as { __renderCounts?: RenderCounts & { active: boolean } }).__renderCounts
  if (!counts) return false
  Object.assign(counts, { active: true, commits: 0, componentRenders: 0, rowRenders: 0 })
  return true
}

function stopRenderCount(): RenderCounts | null {
  const counts = (window as unknown as { __renderCounts?: RenderCounts & { active: boolean } }).__renderCounts
  if (!counts) return null
  counts.active = false
  return { commits: counts.commits, componentRenders: counts.componentRenders, rowRenders: counts.rowRenders }
}

function stopProbe(): ProbeFigures {
  const { stop, ...figures } = (window as unknown as { __tickProbe: Probe }).__tickProbe
  stop()
  return figures
}

/**
 * The bench's own subscriber to the price feed (feed-match latency): every tick with its server time, so a painted
 * bid text can be traced to the tick it came from. It is one more price socket on the server.
 */
async function listenToFeed(baseUrl: string) {
  const settings = (await (await fetch(`${baseUrl}/api/v1/settings`)).json()) as {
    data: { realtime?: { prices: { url?: string; apiKey: string } } }
  }
  const assets = (await (await fetch(`${baseUrl}/api/v1/assets`)).json()) as {
    data: { asset_id: string; sell_spread: number }[]
  }
  const spreads = new Map(assets.data.map((asset) => [asset.asset_id, asset.sell_spread]))
  const prices = settings.data.realtime?.prices
  if (!prices) throw new Error('GET /settings has no realtime.prices')
  /** Per asset: server times and prices, in arrival order. */
  const ticks = new Map<string, { times: number[]; prices: number[] }>()
  const socket: Socket = io(prices.url || baseUrl, {
    path: PRICE_FEED.PATH,
    transports: ['websocket'],
    auth: { apiKey: prices.apiKey },
    forceNew: true,
    reconnection: false,
  })
  socket.on(PRICE_EVENTS.DATA_UPDATE, (batch: { id: string; price: number; lastUpdated?: number }[]) => {
    const receivedMs = Date.now()
    for (const tick of batch) {
      let entry = ticks.get(tick.id)
      if (!entry) ticks.set(tick.id, (entry = { times: [], prices: [] }))
      entry.times.push(tick.lastUpdated ?? receivedMs)
      entry.prices.push(tick.price)
    }
  })
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve())
    socket.once('connect_error', reject)
  })
  socket.emit(PRICE_EVENTS.SUBSCRIBE_ALL)
  return {
    /** Server time of the latest tick at or before `paintedMs` whose bid shows as `text`, or undefined. */
    serverTimeOf(key: string, text: string, paintedMs: number): number | undefined {
      const entry = ticks.get(key)
      const spread = spreads.get(key)
      if (!entry || spread === undefined) return undefined
      let low = 0
      let high = entry.times.length
      while (low < high) {
        const middle = (low + high) >> 1
        if (entry.times[middle]! <= paintedMs) low = middle + 1
        else high = middle
      }
      for (let index = low - 1; index >= 0; index -= 1) {
        const time = entry.times[index]!
        if (paintedMs - time > MATCH_HORIZON_MS) return undefined
        if (formatPrice(sellPrice(entry.prices[index]!, spread), PRICE_DECIMALS.WATCH_TABLE) === text)
          return time
      }
      return undefined
    },
    close: () => socket.close(),
  }
}

const METRIC_NAMES = {
  taskSeconds: 'TaskDuration',
  scriptSeconds: 'ScriptDuration',
  styleSeconds: 'RecalcStyleDuration',
  layoutSeconds: 'LayoutDuration',
  compileSeconds: 'V8CompileDuration',
  /** CPU time of the tab's main thread. */
  threadSeconds: 'ThreadTime',
  /** CPU time of the tab's renderer process (shared by tabs that share a renderer). */
  processSeconds: 'ProcessTime',
  layouts: 'LayoutCount',
  styleRecalcs: 'RecalcStyleCount',
  nodes: 'Nodes',
  jsHeapBytes: 'JSHeapUsedSize',
  timestamp: 'Timestamp',
} as const
type TaskMetrics = Record<keyof typeof METRIC_NAMES, number>

async function taskMetrics(session: CdpSession) {
  const { metrics } = await session.send('Performance.getMetrics')
  const value = (name: string) => metrics.find((metric) => metric.name === name)?.value ?? NaN
  return Object.fromEntries(
    Object.entries(METRIC_NAMES).map(([key, name]) => [key, value(name)]),
  ) as TaskMetrics
}

interface TabSplit {
  /** % of wall time. */
  busy: number
  script: number
  style: number
  layout: number
  compile: number
  /** Busy minus script, style and layout: paint, compositing, GC, IPC. */
  other: number
  /** CPU of the main thread and of the renderer process, % of one core. */
  mainThreadCpu: number
  rendererProcessCpu: number
  layoutsPerSecond: number
  styleRecalcsPerSecond: number
  /** At the end of the window. */
  nodes: number
  jsHeapMb: number
}

function tabSplit(before: TaskMetrics, after: TaskMetrics): TabSplit {
  const seconds = after.timestamp - before.timestamp
  const share = (key: keyof TaskMetrics) => (100 * (after[key] - before[key])) / seconds
  return {
    busy: share('taskSeconds'),
    script: share('scriptSeconds'),
    style: share('styleSeconds'),
    layout: share('layoutSeconds'),
    compile: share('compileSeconds'),
    other: share('taskSeconds') - share('scriptSeconds') - share('styleSeconds') - share('layoutSeconds'),
    mainThreadCpu: share('threadSeconds'),
    rendererProcessCpu: share('processSeconds'),
    layoutsPerSecond: (after.layouts - before.layouts) / seconds,
    styleRecalcsPerSecond: (after.styleRecalcs - before.styleRecalcs) / seconds,
    nodes: after.nodes,
    jsHeapMb: after.jsHeapBytes / 1024 / 1024,
  }
}

type CdpSession = Awaited<ReturnType<BrowserContext['newCDPSession']>>

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }
}

/** Self time of a V8 CPU profile, % of the profiled wall time: by script file, and the heaviest functions. */
function summariseProfile(profile: {
  nodes: ProfileNode[]
  samples?: number[]
  timeDeltas?: number[]
  startTime: number
  endTime: number
}) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const selfMicros = new Map<number, number>()
  const samples = profile.samples ?? []
  const deltas = profile.timeDeltas ?? []
  // timeDeltas[i] is the time before sample i; the time a sample stands for is the next delta.
  for (let index = 0; index < samples.length; index += 1) {
    const micros = deltas[index + 1] ?? 0
    selfMicros.set(samples[index]!, (selfMicros.get(samples[index]!) ?? 0) + micros)
  }
  const total = profile.endTime - profile.startTime
  const files = new Map<string, number>()
  const functions = new Map<string, number>()
  for (const [id, micros] of selfMicros) {
    const frame = byId.get(id)!.callFrame
    const file = frame.url ? (frame.url.split('/').at(-1) ?? frame.url) : frame.functionName
    files.set(file, (files.get(file) ?? 0) + micros)
    const name = frame.url
      ? `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`
      : frame.functionName
    functions.set(name, (functions.get(name) ?? 0) + micros)
  }
  const top = (map: Map<string, number>, count: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, micros]) => ({ name, percent: (100 * micros) / total }))
  return { files: top(files, 12), functions: top(functions, 15) }
}
type ProfileSummary = ReturnType<typeof summariseProfile>

async function openTabs(context: BrowserContext, baseUrl: string, tabs: number, mode: Mode) {
  const search = mode === 'dedicated' ? '?realtime=dedicated' : ''
  const first = context.pages()[0] ?? (await context.newPage())
  await first.goto(`${baseUrl}/`)
  await first.getByLabel('Email address').fill(DEMO_CUSTOMER.email)
  await first.getByLabel('Password', { exact: true }).fill(DEMO_CUSTOMER.password)
  await first.getByRole('button', { name: 'Sign in' }).click()
  await first.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor()
  // A window per tab: context.newPage() adds tabs to the first window, and headless Chromium gives the tabs behind
  // the active one about one frame a second (while document.visibilityState still says visible).
  const pages: Page[] = [first]
  const opener = await context.newCDPSession(first)
  for (let index = 1; index < tabs; index += 1) {
    const [page] = await Promise.all([
      context.waitForEvent('page'),
      opener.send('Target.createTarget', { url: 'about:blank', newWindow: true }),
    ])
    pages.push(page)
  }
  await opener.detach()
  await Promise.all(
    pages.map(async (page) => {
      // The sign-in lands on the dashboard without the query: every tab opens the page under test with it.
      if (page !== first || search || SPEC.path !== '/main/dashboard') {
        await page.goto(`${baseUrl}${SPEC.path}${search}`)
      }
      await page.locator(SPEC.readyCell).waitFor()
      // Keep the whole table on screen, as a person watching it would (the workspace's list scrolls in its panel).
      if (SPEC.scrollTo) await page.locator(SPEC.scrollTo).scrollIntoViewIfNeeded()
    }),
  )
  return pages
}

interface Cell {
  page: PageName
  rate: number
  tabs: number
  mode: Mode
  latencySource: LatencySource
  samples: number
  /** feed-match: painted prices no tick could be traced to (left out of the percentiles). */
  unmatchedSamples: number
  p50Ms: number
  p99Ms: number
  maxMs: number
  negativeSamples: number
  busyPercentMean: number
  busyPercentMax: number
  busyPercentPerTab: number[]
  /** Mean over tabs, % of wall time; "other" is paint, compositing, GC, IPC. */
  mainThreadPercent: { script: number; style: number; layout: number; other: number }
  frames: number
  droppedFrames: number
  droppedPercent: number
  longestFrameMs: number
  browserCpuPercent: number
  /** CPU per Chromium process type (renderers include the SharedWorker's), % of one core. */
  browserCpuByType: Record<string, number>
  rendererProcesses: number
  browserProcesses: { pid: number; type: string; cpuPercent: number }[]
  browserProcessesExited: number
  serverCpuPercent: number
  /** The browser's sockets: the bench's own feed subscriber (feed-match) is taken off the price gauge. */
  pusherConnections: string
  priceConnections: string
  benchFeedListeners: number
  connectionsSettled: boolean
  visibility: string[]
  /** Machine CPU not spent by this browser, the server or this script (another job skews the cell). */
  otherCpuPercent: number
  /** How long the bench waited for a quiet machine before the cell. */
  quietWaitMs?: number
  perTab: (Omit<ProbeFigures, 'samples'> & {
    samples: number
    p50Ms: number
    p99Ms: number
    /** When this tab's paints over the p99 target happened (see slowBursts). */
    slowBursts: string
    busyPercent: number
    split: TabSplit
    /** BENCH_RENDERS=1: React's work in this tab during the window. */
    renders?: RenderCounts | null
  })[]
  /** BENCH_PROFILE=1: the first tab's self time by script file and function, % of the window. */
  profile?: ProfileSummary
  windowMs: number
}

async function runCell(server: RunningServer, rate: number, tabs: number, mode: Mode): Promise<Cell> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'cfd-bench-chromium-'))
  let context: BrowserContext | undefined
  let feed: Awaited<ReturnType<typeof listenToFeed>> | undefined
  try {
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
      viewport: { width: 1280, height: 1000 },
    })
    if (RENDERS) {
      await context.addInitScript('globalThis.__name ??= (target) => target')
      await context.addInitScript(installRenderCounter)
    }
    const pages = await openTabs(context, server.url, tabs, mode)
    const hasAttribute = await pages[0]!.evaluate(
      (selector) => document.querySelector(`${selector}[data-updated-ms]`) !== null,
      SPEC.bidCell,
    )
    const latencySource: LatencySource =
      LATENCY === 'auto' ? (hasAttribute ? 'attribute' : 'feed-match') : LATENCY
    if (latencySource === 'attribute' && !hasAttribute) {
      throw new Error(`BENCH_LATENCY=attribute, but ${SPEC.path}'s bid cells have no data-updated-ms`)
    }
    if (latencySource === 'feed-match') feed = await listenToFeed(server.url)
    const listeners = feed ? 1 : 0
    const expected = mode === 'shared' ? 1 : tabs
    const connectionsSettled = await waitForGauges(server.url, expected, expected + listeners)
    const sessions = await Promise.all(
      pages.map(async (page) => {
        const session = await page.context().newCDPSession(page)
        await session.send('Performance.enable')
        return session
      }),
    )
    await sleep(WARMUP_MS)

    const visibility = await Promise.all(
      pages.map(async (page) => {
        // tsx compiles named inner functions to __name(...) calls; the page has no such helper.
        await page.evaluate('globalThis.__name ??= (target) => target')
        if (RENDERS) await page.evaluate(startRenderCount)
        return page.evaluate(startProbe, { spec: SPEC, droppedFrameMs: DROPPED_FRAME_MS })
      }),
    )
    if (PROFILE) {
      await sessions[0]!.send('Profiler.enable')
      await sessions[0]!.send('Profiler.setSamplingInterval', { interval: 500 })
      await sessions[0]!.send('Profiler.start')
    }
    const tasksBefore = await Promise.all(sessions.map(taskMetrics))
    const serverBefore = await readMetrics(server.url)
    const browserBefore = browserCpuTicks(userDataDir)
    const machineBefore = machineBusyTicks()
    const selfBefore = process.cpuUsage()
    const startedMs = Date.now()
    const gaugeSamples: { pusher: number; prices: number }[] = [serverBefore]
    while (Date.now() - startedMs < WINDOW_MS) {
      await sleep(Math.min(2_000, WINDOW_MS - (Date.now() - startedMs)))
      if (Date.now() - startedMs < WINDOW_MS - 500) gaugeSamples.push(await readMetrics(server.url))
    }
    const browserAfter = browserCpuTicks(userDataDir)
    const machineAfter = machineBusyTicks()
    const self = process.cpuUsage(selfBefore)
    const serverAfter = await readMetrics(server.url)
    const windowMs = Date.now() - startedMs
    const tasksAfter = await Promise.all(sessions.map(taskMetrics))
    const profile = PROFILE ? summariseProfile((await sessions[0]!.send('Profiler.stop')).profile) : undefined
    const probes = await Promise.all(pages.map((page) => page.evaluate(stopProbe)))
    const renders = RENDERS
      ? await Promise.all(pages.map((page) => page.evaluate(stopRenderCount)))
      : undefined
    gaugeSamples.push(serverAfter)

    let unmatchedSamples = 0
    // Per tab, each measured paint: when it happened and its latency (server time of the price to the frame).
    const paints = probes.map((probe) => {
      const measured: { paintedMs: number; latencyMs: number }[] = []
      for (const [key, text, updatedMs, paintedMs] of probe.samples) {
        const serverMs =
          latencySource === 'attribute' ? updatedMs || undefined : feed!.serverTimeOf(key, text, paintedMs)
        if (serverMs === undefined) unmatchedSamples += 1
        else measured.push({ paintedMs, latencyMs: paintedMs - serverMs })
      }
      return measured
    })
    const latencies = paints.map((tab) => tab.map((paint) => paint.latencyMs).sort((a, b) => a - b))
    const samples = latencies.flat().sort((a, b) => a - b)
    const splits = tasksBefore.map((before, index) => tabSplit(before, tasksAfter[index]!))
    const busyPercentPerTab = splits.map((split) => split.busy)
    const mean = (pick: (split: TabSplit) => number) =>
      splits.reduce((sum, split) => sum + pick(split), 0) / splits.length
    const mainThreadPercent = {
      script: mean((split) => split.script),
      style: mean((split) => split.style),
      layout: mean((split) => split.layout),
      other: mean((split) => split.other),
    }
    const serverCpuPercent = (100 * (serverAfter.cpuSeconds - serverBefore.cpuSeconds)) / (windowMs / 1000)
    const frames = probes.reduce((sum, probe) => sum + probe.frames, 0)
    const droppedFrames = probes.reduce((sum, probe) => sum + probe.dropped, 0)
    const browser = cpuSpent(browserBefore, browserAfter, windowMs)
    const browserCpuByType: Record<string, number> = {}
    for (const entry of browser.processes) {
      browserCpuByType[entry.type] = (browserCpuByType[entry.type] ?? 0) + entry.cpuPercent
    }
    const range = (values: number[]) => {
      const low = Math.min(...values)
      const high = Math.max(...values)
      return low === high ? String(low) : `${low}-${high}`
    }
    return {
      page: PAGE,
      rate,
      tabs,
      mode,
      latencySource,
      samples: samples.length,
      unmatchedSamples,
      p50Ms: percentile(samples, 0.5),
      p99Ms: percentile(samples, 0.99),
      maxMs: samples.at(-1) ?? NaN,
      negativeSamples: samples.filter((sample) => sample < 0).length,
      busyPercentMean: busyPercentPerTab.reduce((sum, value) => sum + value, 0) / busyPercentPerTab.length,
      busyPercentMax: Math.max(...busyPercentPerTab),
      busyPercentPerTab,
      mainThreadPercent,
      frames,
      droppedFrames,
      droppedPercent: frames ? (100 * droppedFrames) / frames : NaN,
      longestFrameMs: Math.max(...probes.map((probe) => probe.longestFrameMs)),
      browserCpuPercent: browser.cpuPercent,
      browserCpuByType,
      rendererProcesses: browser.processes.filter((entry) => entry.type === 'renderer').length,
      browserProcesses: browser.processes,
      browserProcessesExited: browser.exited,
      serverCpuPercent,
      pusherConnections: range(gaugeSamples.map((sample) => sample.pusher)),
      priceConnections: range(gaugeSamples.map((sample) => sample.prices - listeners)),
      benchFeedListeners: listeners,
      connectionsSettled,
      visibility,
      otherCpuPercent:
        (100 * (machineAfter - machineBefore)) / CLOCK_TICKS / (windowMs / 1000) -
        browser.cpuPercent -
        serverCpuPercent -
        (self.user + self.system) / 10 / windowMs,
      perTab: probes.map(({ samples: tabSamples, ...figures }, index) => ({
        ...figures,
        samples: tabSamples.length,
        p50Ms: percentile(latencies[index]!, 0.5),
        p99Ms: percentile(latencies[index]!, 0.99),
        slowBursts: slowBursts(paints[index]!, startedMs),
        busyPercent: busyPercentPerTab[index]!,
        split: splits[index]!,
        renders: renders?.[index] ?? undefined,
      })),
      profile,
      windowMs,
    }
  } finally {
    feed?.close()
    await context?.close()
    rmSync(userDataDir, { recursive: true, force: true })
  }
}

/**
 * When a tab's slow paints (over the p99 target) happened: bursts of them, as 's into the window: count (max ms)'.
 * One burst says one stall (a long task, a late delivery); many spread out say steady overload.
 */
function slowBursts(paints: readonly { paintedMs: number; latencyMs: number }[], startedMs: number): string {
  const slow = paints
    .filter((paint) => paint.latencyMs > TARGETS.p99Ms)
    .sort((a, b) => a.paintedMs - b.paintedMs)
  const bursts: { atMs: number; count: number; maxMs: number; lastMs: number }[] = []
  for (const sample of slow) {
    const burst = bursts.at(-1)
    if (burst && sample.paintedMs - burst.lastMs < 250) {
      burst.count += 1
      burst.maxMs = Math.max(burst.maxMs, sample.latencyMs)
      burst.lastMs = sample.paintedMs
    } else
      bursts.push({ atMs: sample.paintedMs, count: 1, maxMs: sample.latencyMs, lastMs: sample.paintedMs })
  }
  const shown = bursts
    .slice(0, 4)
    .map((burst) => `${((burst.atMs - startedMs) / 1000).toFixed(1)} s: ${burst.count} (${burst.maxMs})`)
  return [...shown, ...(bursts.length > 4 ? [`+${bursts.length - 4} more`] : [])].join(', ') || '-'
}

const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '-')

console.log(`page under test: ${SPEC.path}; client: ${CLIENT_DIR}`)
const benchStartedMs = Date.now()
const cells: Cell[] = []
// One migrated and seeded database, copied for each server (as the e2e global setup does).
const template = mkdtempSync(join(tmpdir(), 'cfd-bench-template-'))
try {
  const seeding = await startBenchServer({}, { dataDir: template })
  await seeding.stop()
  process.env[TEMPLATE_ENV] = template
  for (const rate of RATES) {
    const server = await startBenchServer({ PRICE_TICKS_PER_SECOND: String(rate) })
    try {
      for (const tabs of TABS) {
        for (const mode of MODES) {
          // The previous browser's sockets must be gone, or the gauges and the server's work mix two cells.
          await waitForGauges(server.url, 0, 0)
          const label = `${rate} ticks/s, ${tabs} tab(s), ${mode}`
          const quiet = QUIET_WAIT_MS > 0 ? await waitForQuiet(QUIET_WAIT_MS) : { waitedMs: 0, quiet: false }
          if (QUIET_WAIT_MS > 0 && !quiet.quiet) {
            console.warn(
              `${label}: the machine stayed busy for ${fixed(quiet.waitedMs / 1000, 0)} s; measuring anyway`,
            )
          }
          try {
            const cell = await runCell(server, rate, tabs, mode)
            cell.quietWaitMs = quiet.waitedMs
            cells.push(cell)
            console.log(
              `${label}: p50 ${fixed(cell.p50Ms)} ms, p99 ${fixed(cell.p99Ms)} ms (${cell.latencySource}), ` +
                `busy ${fixed(cell.busyPercentMax)} % max, browser CPU ${fixed(cell.browserCpuPercent)} %, ` +
                `server CPU ${fixed(cell.serverCpuPercent)} %`,
            )
          } catch (error) {
            // One broken cell should not cost the others: report it, carry on, and exit non-zero.
            console.error(`${label}: failed`, error)
            process.exitCode = 1
          }
        }
      }
    } finally {
      await server.dispose()
    }
  }
} finally {
  rmSync(template, { recursive: true, force: true })
}

console.table(
  cells.map((cell) => ({
    'ticks/s': cell.rate,
    tabs: cell.tabs,
    mode: cell.mode,
    samples: cell.samples,
    'p50 ms': fixed(cell.p50Ms),
    'p99 ms': fixed(cell.p99Ms),
    'busy %/tab': `${fixed(cell.busyPercentMean)} (max ${fixed(cell.busyPercentMax)})`,
    'dropped frames': `${cell.droppedFrames} (${fixed(cell.droppedPercent)} %)`,
    'browser CPU %': fixed(cell.browserCpuPercent),
    'server CPU %': fixed(cell.serverCpuPercent),
    'pusher/price conns': `${cell.pusherConnections}/${cell.priceConnections}`,
    'other load %': fixed(cell.otherCpuPercent),
  })),
)
const matched = cells.filter((cell) => cell.latencySource === 'feed-match')
if (matched.length > 0) {
  console.log(
    `Latency by feed-match (the bid cells have no data-updated-ms): each painted bid text traced to the latest ` +
      `tick that formats to it; untraceable: ` +
      matched.map((cell) => `${cell.rate}/${cell.tabs}/${cell.mode} ${cell.unmatchedSamples}`).join(', '),
  )
}

const skewed = cells.filter((cell) => cell.otherCpuPercent > OTHER_LOAD_WARNING_PERCENT)
if (skewed.length > 0) {
  console.warn(
    `Other processes used over ${OTHER_LOAD_WARNING_PERCENT} % of a core during ` +
      skewed.map((cell) => `${cell.rate}/${cell.tabs}/${cell.mode}`).join(', ') +
      ': those figures are skewed; rerun them on a quiet machine.',
  )
}

// Where the time goes: a tab's main thread (mean over tabs) and the browser's CPU by process type.
console.table(
  cells.map((cell) => ({
    'ticks/s': cell.rate,
    tabs: cell.tabs,
    mode: cell.mode,
    'script %': fixed(cell.mainThreadPercent.script),
    'style %': fixed(cell.mainThreadPercent.style),
    'layout %': fixed(cell.mainThreadPercent.layout),
    'paint, GC, other %': fixed(cell.mainThreadPercent.other),
    'renderers CPU %': fixed(cell.browserCpuByType.renderer ?? 0),
    'gpu process CPU %': fixed(cell.browserCpuByType['gpu-process'] ?? 0),
    'browser + utility CPU %': fixed(
      (cell.browserCpuByType.browser ?? 0) + (cell.browserCpuByType.utility ?? 0),
    ),
    'longest frame ms': fixed(cell.longestFrameMs, 0),
  })),
)

// Per tab (CDP Performance.getMetrics of each tab): main-thread time by kind (% of wall time), the CPU of its main
// thread and of its renderer process (% of one core), and layouts and style recalcs per second.
console.table(
  cells.flatMap((cell) =>
    cell.perTab.map((tab, index) => ({
      cell: `${cell.rate}/${cell.tabs}/${cell.mode}`,
      tab: index + 1,
      'p50/p99 ms': `${fixed(tab.p50Ms)}/${fixed(tab.p99Ms)}`,
      'busy %': fixed(tab.split.busy),
      'script %': fixed(tab.split.script),
      'style %': fixed(tab.split.style),
      'layout %': fixed(tab.split.layout),
      'other %': fixed(tab.split.other),
      'main thread CPU %': fixed(tab.split.mainThreadCpu),
      'renderer CPU %': fixed(tab.split.rendererProcessCpu),
      'layouts/s': fixed(tab.split.layoutsPerSecond, 0),
      'styles/s': fixed(tab.split.styleRecalcsPerSecond, 0),
      'frames (dropped)': `${tab.frames} (${tab.dropped})`,
      [`paints over ${TARGETS.p99Ms} ms`]: tab.slowBursts,
    })),
  ),
)

if (RENDERS) {
  // Per second of the window: React commits, components rendered, price rows rendered, and price rows whose price
  // changed (the probe's samples): rows rendered beyond those are re-renders a tick elsewhere caused.
  console.table(
    cells.flatMap((cell) =>
      cell.perTab.map((tab, index) => {
        const perSecond = (value: number | undefined) => fixed((1000 * (value ?? NaN)) / cell.windowMs, 0)
        return {
          cell: `${cell.rate}/${cell.tabs}/${cell.mode}`,
          tab: index + 1,
          'commits/s': perSecond(tab.renders?.commits),
          'components rendered/s': perSecond(tab.renders?.componentRenders),
          'rows rendered/s': perSecond(tab.renders?.rowRenders),
          'row price changes/s': perSecond(tab.samples),
        }
      }),
    ),
  )
}

for (const cell of cells) {
  if (!cell.profile) continue
  console.log(`CPU profile of tab 1, ${cell.rate}/${cell.tabs}/${cell.mode}: self time, % of the window`)
  console.table(cell.profile.files.map((entry) => ({ file: entry.name, '%': fixed(entry.percent) })))
  console.table(cell.profile.functions.map((entry) => ({ function: entry.name, '%': fixed(entry.percent) })))
}

const find = (rate: number, tabs: number, mode: Mode) =>
  cells.find((cell) => cell.rate === rate && cell.tabs === tabs && cell.mode === mode)
const verdict = (holds: boolean | undefined) =>
  holds === undefined ? 'not measured' : holds ? 'holds' : 'MISSED'
const targets: Record<string, string> = {}
for (const mode of MODES) {
  const cell = find(TARGETS.p99Rate, TARGETS.p99Tabs, mode)
  targets[`p99 <= ${TARGETS.p99Ms} ms at ${TARGETS.p99Rate} ticks/s, ${TARGETS.p99Tabs} tabs, ${mode}`] =
    `${verdict(cell && cell.p99Ms <= TARGETS.p99Ms)}${cell ? ` (${fixed(cell.p99Ms)} ms, ${cell.latencySource})` : ''}`
}
for (const cell of cells) {
  targets[
    `busy <= ${TARGETS.busyPercent} % per tab, ${cell.rate} ticks/s, ${cell.tabs} tab(s), ${cell.mode}`
  ] = `${verdict(cell.busyPercentMax <= TARGETS.busyPercent)} (max ${fixed(cell.busyPercentMax)} %)`
}
for (const rate of RATES) {
  const shared = find(rate, TARGETS.savingTabs, 'shared')
  const dedicated = find(rate, TARGETS.savingTabs, 'dedicated')
  const ratio = shared && dedicated ? dedicated.browserCpuPercent / shared.browserCpuPercent : undefined
  const totalRatio =
    shared && dedicated
      ? (dedicated.browserCpuPercent + dedicated.serverCpuPercent) /
        (shared.browserCpuPercent + shared.serverCpuPercent)
      : undefined
  targets[
    `shared hub >= ${TARGETS.sharedSaving}x cheaper in browser CPU, ${rate} ticks/s, ${TARGETS.savingTabs} tabs`
  ] =
    ratio === undefined
      ? 'not measured'
      : `${verdict(ratio >= TARGETS.sharedSaving)} (dedicated/shared ${fixed(ratio, 2)}x; ` +
        `browser+server ${fixed(totalRatio!, 2)}x)`
}
console.log(`Targets (issue 4), ${SPEC.path}:`)
for (const [target, result] of Object.entries(targets)) console.log(`  ${target}: ${result}`)
console.log(`${cells.length} cells in ${fixed((Date.now() - benchStartedMs) / 1000, 0)} s`)

mkdirSync(RESULTS, { recursive: true })
writeFileSync(
  `${RESULTS}${PAGE === 'mt4' ? 'ticks.json' : 'ticks-dashboard.json'}`,
  JSON.stringify(
    {
      date: new Date().toISOString(),
      machine: { cores: cpus().length, cpu: cpus()[0]?.model },
      config: {
        page: SPEC.path,
        clientDir: CLIENT_DIR,
        latency: LATENCY,
        profile: PROFILE,
        renders: RENDERS,
        rates: RATES,
        tabs: TABS,
        modes: MODES,
        warmupMs: WARMUP_MS,
        windowMs: WINDOW_MS,
        droppedFrameMs: DROPPED_FRAME_MS,
        quietWaitMs: QUIET_WAIT_MS,
      },
      cells,
      targets,
    },
    null,
    2,
  ),
)
