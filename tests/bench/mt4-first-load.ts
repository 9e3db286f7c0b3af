// Figures, not a test: how long the /mt4 trading workspace takes, signed in, from navigation start to its first
// price, median of BENCH_RUNS (5) visits in each of three states:
// - warm: a second visit; the same browser profile has visited /mt4 before, the service worker is installed and
//   controls the page, the HTTP cache is warm;
// - cold, returning visitor: session and site settings in localStorage, but an empty HTTP cache and no service
//   worker (a cleared cache, or a new device restored from a sync);
// - cold, first visit: the session only, nothing cached; the app plays its 3 s splash first
//   (docs/product/site-and-gates.md#splash).
// Marks (ms from navigation start, taken at the frame after the DOM showed them): first contentful paint, the
// workspace's trade bar, the Buy price, the first market watch bid, and the first live tick changing a bid. Run after
// `npm run build` with `node --import tsx tests/bench/mt4-first-load.ts` (BENCH_CLIENT_DIR=<dir> measures another
// build). Results go to tests/bench/results/mt4-first-load.json.
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { CHROMIUM_ARGS } from '../../playwright.config'
import { DEMO_CUSTOMER, type RunningServer } from '../e2e/support/server'
import { waitForQuiet } from './support/machine'
import { CLIENT_DIR, startBenchServer } from './support/server'
import {
  addFirstPriceMarks,
  signedInStorage,
  waitForFirstPrice,
  type FirstPriceMarks,
} from './support/workspace'

const RUNS = Number(process.env.BENCH_RUNS ?? 5)
const TICKS_PER_SECOND = process.env.BENCH_TICKS_PER_SECOND ?? '200'
/** Before each visit, wait up to this long (0 skips) for a quiet machine: under 25 % of one core busy. */
const QUIET_WAIT_MS = Number(process.env.BENCH_QUIET_WAIT_MS ?? 30_000)
const RESULTS = new URL('./results/', import.meta.url).pathname
const VIEWPORT = { width: 1280, height: 1000 }
const MARKS: (keyof FirstPriceMarks)[] = ['fcp', 'workspace', 'buyPrice', 'watchBid', 'liveTick']
const MARK_LABELS: Record<keyof FirstPriceMarks, string> = {
  fcp: 'first paint',
  workspace: 'workspace',
  buyPrice: 'first price (Buy)',
  watchBid: 'first watch bid',
  liveTick: 'first live tick',
}

type Scenario = 'warm' | 'cold-returning' | 'cold-first-visit'

interface Run {
  marks: FirstPriceMarks
  /** Scripts and API calls of the page: from the network, or answered by the service worker. */
  scripts: { network: number; serviceWorker: number }
  serviceWorkerControlled: boolean
  /** The page's API calls: path, start and end, ms from navigation start. */
  api: { path: string; startMs: number; endMs: number }[]
  /** Whether the machine was quiet before the visit (see QUIET_WAIT_MS). */
  quiet: boolean
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function priceConnections(baseUrl: string) {
  const text = await (await fetch(`${baseUrl}/metrics`)).text()
  return Number(/^price_feed_connections ([\d.e+-]+)/m.exec(text)?.[1] ?? NaN)
}

/** The last tab's realtime worker must be gone, or the next visit would find its sockets already open. */
async function waitForNoSockets(baseUrl: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs
  while ((await priceConnections(baseUrl)) !== 0 && Date.now() < deadline) await sleep(100)
}

async function visit(context: BrowserContext, baseUrl: string): Promise<Run> {
  const { quiet } = QUIET_WAIT_MS > 0 ? await waitForQuiet(QUIET_WAIT_MS) : { quiet: false }
  const page = await context.newPage()
  const scripts = { network: 0, serviceWorker: 0 }
  const api: Run['api'] = []
  page.on('response', (response) => {
    const url = new URL(response.url())
    if (url.pathname.endsWith('.js')) scripts[response.fromServiceWorker() ? 'serviceWorker' : 'network'] += 1
  })
  page.on('requestfinished', (request) => {
    const url = new URL(request.url())
    if (!url.pathname.startsWith('/api/')) return
    const timing = request.timing()
    api.push({
      path: url.pathname.slice('/api/v1'.length),
      startMs: timing.startTime,
      endMs: timing.responseEnd,
    })
  })
  try {
    await page.goto(`${baseUrl}/mt4`)
    const marks = await waitForFirstPrice(page)
    const { timeOrigin, controlled } = await page.evaluate(() => ({
      timeOrigin: performance.timeOrigin,
      controlled: Boolean(navigator.serviceWorker?.controller),
    }))
    return {
      marks,
      scripts,
      quiet,
      serviceWorkerControlled: controlled,
      api: api
        .map((call) => ({
          path: call.path,
          startMs: call.startMs - timeOrigin,
          endMs: call.startMs - timeOrigin + call.endMs,
        }))
        .sort((a, b) => a.startMs - b.startMs),
    }
  } finally {
    await page.close()
    await waitForNoSockets(baseUrl)
  }
}

async function signInThroughForm(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/`)
  await page.getByLabel('Email address').fill(DEMO_CUSTOMER.email)
  await page.getByLabel('Password', { exact: true }).fill(DEMO_CUSTOMER.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor()
}

async function warmRuns(browser: Browser, server: RunningServer): Promise<Run[]> {
  const context = await browser.newContext({ viewport: VIEWPORT })
  try {
    await addFirstPriceMarks(context)
    // The first visit: sign in, open the workspace once, and let the service worker install and take control.
    const first = await context.newPage()
    await signInThroughForm(first, server.url)
    await first.goto(`${server.url}/mt4`)
    await waitForFirstPrice(first)
    await first.evaluate(() => navigator.serviceWorker.ready.then(() => true))
    await first.reload()
    await waitForFirstPrice(first)
    await first.close()
    await waitForNoSockets(server.url)
    const runs: Run[] = []
    for (let index = 0; index < RUNS; index += 1) runs.push(await visit(context, server.url))
    return runs
  } finally {
    await context.close()
  }
}

async function coldRuns(browser: Browser, server: RunningServer, settingsCached: boolean): Promise<Run[]> {
  const runs: Run[] = []
  for (let index = 0; index < RUNS; index += 1) {
    const context = await browser.newContext({
      viewport: VIEWPORT,
      storageState: await signedInStorage(server.url, { settingsCached }),
    })
    try {
      await addFirstPriceMarks(context)
      runs.push(await visit(context, server.url))
    } finally {
      await context.close()
    }
  }
  return runs
}

function median(values: number[]): number {
  if (values.length === 0) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

function summarise(runs: Run[]) {
  const figures = {} as Record<
    keyof FirstPriceMarks,
    { median: number; min: number; max: number; missing: number }
  >
  for (const mark of MARKS) {
    const values = runs.map((run) => run.marks[mark]).filter((value): value is number => value !== null)
    figures[mark] = {
      median: median(values),
      min: Math.min(...values),
      max: Math.max(...values),
      missing: runs.length - values.length,
    }
  }
  return figures
}

const server = await startBenchServer({ PRICE_TICKS_PER_SECOND: TICKS_PER_SECOND })
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
})
const results: Record<Scenario, Run[]> = { warm: [], 'cold-returning': [], 'cold-first-visit': [] }
try {
  results.warm = await warmRuns(browser, server)
  results['cold-returning'] = await coldRuns(browser, server, true)
  results['cold-first-visit'] = await coldRuns(browser, server, false)
} finally {
  await browser.close()
  await server.dispose()
}

const summaries = Object.fromEntries(
  Object.entries(results).map(([scenario, runs]) => [scenario, summarise(runs)]),
) as Record<Scenario, ReturnType<typeof summarise>>
const cell = (figure: { median: number; min: number; max: number; missing: number }) =>
  Number.isFinite(figure.median)
    ? `${figure.median.toFixed(0)} (${figure.min.toFixed(0)}-${figure.max.toFixed(0)})` +
      (figure.missing ? ` ${figure.missing} missing` : '')
    : '-'
console.log(
  `/mt4 first load, ms from navigation start, median (min-max) of ${RUNS} runs; client: ${CLIENT_DIR}`,
)
console.table(
  (Object.keys(results) as Scenario[]).map((scenario) => ({
    scenario,
    ...Object.fromEntries(MARKS.map((mark) => [MARK_LABELS[mark], cell(summaries[scenario][mark])])),
    'scripts net/SW': `${median(results[scenario].map((run) => run.scripts.network))}/${median(
      results[scenario].map((run) => run.scripts.serviceWorker),
    )}`,
    'SW controlled': `${results[scenario].filter((run) => run.serviceWorkerControlled).length}/${RUNS}`,
    'quiet before': `${results[scenario].filter((run) => run.quiet).length}/${RUNS}`,
  })),
)
// Where the time before the first price goes: the API calls of the run closest to the median.
for (const scenario of Object.keys(results) as Scenario[]) {
  const runs = results[scenario]
  const target = summaries[scenario].buyPrice.median
  const typical = [...runs].sort(
    (a, b) =>
      Math.abs((a.marks.buyPrice ?? Infinity) - target) - Math.abs((b.marks.buyPrice ?? Infinity) - target),
  )[0]
  if (!typical) continue
  console.log(
    `${scenario}: first price at ${typical.marks.buyPrice?.toFixed(0) ?? '-'} ms; API calls (start-end ms): ` +
      typical.api
        .map((call) => `${call.path} ${call.startMs.toFixed(0)}-${call.endMs.toFixed(0)}`)
        .join(', '),
  )
}

mkdirSync(RESULTS, { recursive: true })
writeFileSync(
  `${RESULTS}mt4-first-load.json`,
  JSON.stringify(
    {
      date: new Date().toISOString(),
      machine: { cores: cpus().length, cpu: cpus()[0]?.model },
      config: {
        runs: RUNS,
        ticksPerSecond: Number(TICKS_PER_SECOND),
        clientDir: CLIENT_DIR,
        viewport: VIEWPORT,
      },
      summaries,
      runs: results,
    },
    null,
    2,
  ),
)
