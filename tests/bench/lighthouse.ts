// Figures, not a test: Lighthouse's performance score and its metrics (FCP, LCP, CLS, TBT) for the first visit to /
// and /signup and, signed in, for /main/dashboard, /mt4 and two account pages (/main/deposit/card, /main/settings), at Lighthouse's mobile preset (slow 4G, 4x CPU slow-down: what a
// phone user feels) and its desktop preset. Lighthouse ^12 (13 needs Node 22) drives Debian's Chromium.
// Run after `npm run build`: `npm run bench:lighthouse` (BENCH_CLIENT_DIR=<dir> measures another build;
// LIGHTHOUSE_PAGES=/,/signup and LIGHTHOUSE_PRESETS=mobile choose cells; LIGHTHOUSE_RUNS=3 runs each cell three times
// and reports the median run by score with the range; LIGHTHOUSE_LHR_DIR=<dir> keeps the reports;
// LIGHTHOUSE_HTTP2=1 puts nginx with TLS and HTTP/2 in front, as a deployment serves the app: tests/bench/support/
// https-front.ts; LIGHTHOUSE_TASKS=1 prints, per run, the page's main-thread tasks that Lighthouse can count as
// blocking, each with its wall time beside its CPU time: see longTasks below; LIGHTHOUSE_WAITS=1 records the compositor's,
// raster's and viz's events too and says what the page's long tasks wait for: see printTaskWaits in
// support/task-waits.ts; LIGHTHOUSE_UNCONTENDED=1 audits each run a second time with the main thread's waits for a
// core taken out of its tasks, and reports those figures beside Lighthouse's: support/uncontended.ts).
import { chromium } from '@playwright/test'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse, { desktopConfig, type Flags } from 'lighthouse'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CLIENT_DIR, startBenchServer } from './support/server'
import { startHttpsFront } from './support/https-front'
import { printTaskWaits, WAIT_CATEGORIES } from './support/task-waits'
import {
  chromiumThreads,
  sampleRendererMainThreads,
  threadUse,
  type MainThreadSample,
} from './support/thread-sched'
import { rendererMainThreads, threadOf, type TraceEvent } from './support/trace-events'
import { saveWithTrace, withoutRunDelay } from './support/uncontended'
import { signedInStorage } from './support/workspace'

const RESULTS = new URL('./results/', import.meta.url).pathname
const CHROME_PATH = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const HTTP2 = process.env.LIGHTHOUSE_HTTP2 === '1'
const WAITS = process.env.LIGHTHOUSE_WAITS === '1'
const UNCONTENDED = process.env.LIGHTHOUSE_UNCONTENDED === '1'
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-sync',
  // The HTTP/2 front's certificate is made for the run and trusted by nobody.
  ...(HTTP2 ? ['--ignore-certificate-errors'] : []),
]

interface PageSpec {
  path: string
  /** A signed-in visit: session and site settings in localStorage (a returning customer), nothing else. */
  signedIn: boolean
}
const PAGES: PageSpec[] = [
  { path: '/', signedIn: false },
  { path: '/signup', signedIn: false },
  { path: '/main/dashboard', signedIn: true },
  { path: '/mt4', signedIn: true },
  { path: '/main/deposit/card', signedIn: true },
  { path: '/main/settings', signedIn: true },
]
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 1)
const PRESETS = ['mobile', 'desktop'] as const
type Preset = (typeof PRESETS)[number]

const pick = <T>(all: readonly T[], env: string | undefined, key: (item: T) => string) =>
  env ? all.filter((item) => env.split(',').includes(key(item))) : all

interface Row {
  page: string
  preset: Preset
  performance: number
  /** With LIGHTHOUSE_RUNS > 1: the lowest and highest score of the runs; the other figures are the median run's. */
  performanceRange?: string
  fcpMs: number
  lcpMs: number
  cls: number
  tbtMs: number
  lcpElement: string | null
  /** With LIGHTHOUSE_UNCONTENDED: the same run audited again without the main thread's waits for a core. */
  uncontended?: UncontendedFigures
  /** With LIGHTHOUSE_UNCONTENDED and several runs: each uncontended figure's median over the runs. */
  uncontendedMedian?: UncontendedFigures
}

type UncontendedFigures = Figures & { runDelayRemovedMs: number }

function medianFigures(runs: UncontendedFigures[]): UncontendedFigures {
  const median = (pick: (run: UncontendedFigures) => number) => {
    const sorted = runs.map(pick).sort((a, b) => a - b)
    return sorted[Math.floor(sorted.length / 2)]!
  }
  return {
    performance: median((run) => run.performance),
    fcpMs: median((run) => run.fcpMs),
    lcpMs: median((run) => run.lcpMs),
    tbtMs: median((run) => run.tbtMs),
    runDelayRemovedMs: median((run) => run.runDelayRemovedMs),
  }
}

interface Figures {
  performance: number
  fcpMs: number
  lcpMs: number
  tbtMs: number
}

function figuresOf(lhr: {
  categories: { performance?: { score: number | null } }
  audits: Record<string, { numericValue?: number }>
}): Figures {
  const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN
  return {
    performance: Math.round((lhr.categories.performance?.score ?? NaN) * 100),
    fcpMs: value('first-contentful-paint'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
  }
}

/** `baseUrl` is what the browser opens; `apiUrl` is the server itself, which this script signs in to. */
async function audit(baseUrl: string, apiUrl: string, spec: PageSpec, preset: Preset): Promise<Row> {
  // A fresh profile per run: an empty HTTP cache, no service worker, nothing stored but what the run sets.
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS })
  try {
    if (spec.signedIn) {
      const storage = await signedInStorage(apiUrl, { settingsCached: true })
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`)
      const page = await browser.contexts()[0]!.newPage()
      // A file of the origin that is not the app, so no script runs and no service worker registers.
      await page.goto(`${baseUrl}/favicon.svg`)
      await page.evaluate((items) => {
        for (const item of items) localStorage.setItem(item.name, item.value)
      }, storage.origins[0]?.localStorage ?? [])
      await page.close()
      await browser.close()
    }
    const flags: Flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      // Lighthouse clears the origin's storage before a run; a signed-in run keeps the session set above.
      disableStorageReset: spec.signedIn,
      ...(WAITS ? { additionalTraceCategories: WAIT_CATEGORIES.join(',') } : {}),
    }
    // LIGHTHOUSE_WAITS: Linux's view of Chromium's threads over the run (CPU, run delay), and of the renderers'
    // main threads every 2 ms (support/thread-sched.ts).
    const threadsBefore = WAITS ? chromiumThreads(chrome.pid) : []
    const nodeBefore = process.cpuUsage()
    const wallBefore = performance.now()
    const sampler = WAITS || UNCONTENDED ? sampleRendererMainThreads(chrome.pid, [process.pid]) : null
    let samples: MainThreadSample[] = []
    let result: Awaited<ReturnType<typeof lighthouse>>
    try {
      result = await lighthouse(
        `${baseUrl}${spec.path}`,
        flags,
        preset === 'desktop' ? desktopConfig : undefined,
      )
    } finally {
      samples = (await sampler?.stop()) ?? []
    }
    if (!result) throw new Error(`no Lighthouse result for ${spec.path}`)
    if (WAITS) {
      const nodeCpu = process.cpuUsage(nodeBefore)
      const use = threadUse(threadsBefore, chromiumThreads(chrome.pid))
      const chromiumCpu = use.reduce((sum, row) => sum + row.cpuMs, 0)
      console.log(
        `${spec.path}: over the run's ${((performance.now() - wallBefore) / 1000).toFixed(1)} s, Chromium's threads ` +
          `used ${chromiumCpu.toFixed(0)} ms of CPU, this process (Lighthouse) ` +
          `${((nodeCpu.user + nodeCpu.system) / 1000).toFixed(0)} ms. By process and thread (CPU ms, run delay ms):\n` +
          use
            .slice(0, 14)
            .map(
              (row) => `  ${row.key} (${row.threads}): ${row.cpuMs.toFixed(0)}, ${row.runDelayMs.toFixed(0)}`,
            )
            .join('\n'),
      )
      const events = (result.artifacts as { Trace?: { traceEvents?: TraceEvent[] } }).Trace?.traceEvents ?? []
      printTaskWaits(spec.path, events, samples, 8, process.pid)
    }
    const { lhr } = result
    const config = preset === 'desktop' ? desktopConfig : undefined
    const uncontended =
      UNCONTENDED && !lhr.runtimeError
        ? await auditUncontended(result.artifacts, samples, flags, config)
        : undefined
    // LIGHTHOUSE_LHR_DIR=<dir> keeps each full report, to read what a score is made of (its LCP phases, long tasks).
    const lhrDir = process.env.LIGHTHOUSE_LHR_DIR
    if (lhrDir) {
      mkdirSync(lhrDir, { recursive: true })
      const slug = spec.path.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'root'
      writeFileSync(`${lhrDir}/${preset}-${slug}.json`, JSON.stringify(lhr))
      // With LIGHTHOUSE_WAITS, the trace too, to open in DevTools' Performance panel or Perfetto.
      if (WAITS)
        writeFileSync(`${lhrDir}/${preset}-${slug}.trace.json`, JSON.stringify(result.artifacts.Trace))
    }
    if (lhr.runtimeError)
      throw new Error(`${spec.path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
    if (process.env.LIGHTHOUSE_TASKS === '1') printLongTasks(spec.path, result.artifacts)
    const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN
    const lcpDetails = lhr.audits['largest-contentful-paint-element']?.details as
      { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined
    return {
      page: spec.path,
      preset,
      ...figuresOf(lhr),
      cls: value('cumulative-layout-shift'),
      lcpElement: lcpDetails?.items?.[0]?.items?.[0]?.node?.snippet ?? null,
      uncontended,
    }
  } finally {
    chrome.kill()
  }
}

/** Lighthouse's audits once more on the run's own artifacts, its trace without the main thread's run delay. */
async function auditUncontended(
  artifacts: unknown,
  samples: MainThreadSample[],
  flags: Flags,
  config: typeof desktopConfig | undefined,
): Promise<UncontendedFigures> {
  const all = artifacts as Record<string, unknown> & { Trace?: { traceEvents?: TraceEvent[] } }
  const { events, removedMs } = withoutRunDelay(all.Trace?.traceEvents ?? [], samples)
  const dir = mkdtempSync(join(tmpdir(), 'lighthouse-uncontended-'))
  try {
    await saveWithTrace(all, events, dir)
    const again = await lighthouse(
      undefined,
      // The gathering's own flags: Lighthouse refuses to audit with other settings than it gathered with.
      { ...flags, auditMode: dir },
      config,
    )
    if (!again) throw new Error('no Lighthouse result from the uncontended audit')
    return { ...figuresOf(again.lhr), runDelayRemovedMs: removedMs }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * The observed trace's top-level tasks on the page's main thread that last 12.5 ms or more (50 ms at the mobile
 * preset's 4x), with their wall time (what Lighthouse's simulation multiplies by four) and their CPU time (the
 * thread's own; the rest is the thread waiting for a core, which a busy 2-core machine adds and a phone does not),
 * and the blocking each sum gives at 4x. Lighthouse's TBT is its simulation's, over its own window, so the sums
 * bracket it rather than equal it.
 */
function printLongTasks(path: string, artifacts: unknown) {
  const events = (artifacts as { Trace?: { traceEvents?: TraceEvent[] } }).Trace?.traceEvents ?? []
  const mainThreads = rendererMainThreads(events)
  const tasks = events.filter(
    (event) =>
      event.ph === 'X' &&
      event.name === 'RunTask' &&
      mainThreads.has(threadOf(event)) &&
      (event.dur ?? 0) >= 12_500,
  )
  const first = Math.min(...tasks.map((task) => task.ts ?? 0))
  const blockingMs = (ms: number) => Math.max(0, ms * 4 - 50)
  let wallBlocking = 0
  let cpuBlocking = 0
  const lines = tasks.map((task) => {
    const wallMs = (task.dur ?? 0) / 1000
    const cpuMs = (task.tdur ?? task.dur ?? 0) / 1000
    wallBlocking += blockingMs(wallMs)
    cpuBlocking += blockingMs(cpuMs)
    return `  +${(((task.ts ?? 0) - first) / 1000).toFixed(0).padStart(6)} ms  wall ${wallMs.toFixed(1).padStart(6)}  cpu ${cpuMs.toFixed(1).padStart(6)}`
  })
  const noCpuTime = tasks.filter((task) => task.tdur === undefined).length
  console.log(
    `${path}: ${tasks.length} tasks of 12.5 ms or more on the main thread; blocking at 4x from wall times ` +
      `${wallBlocking.toFixed(0)} ms, from CPU times ${cpuBlocking.toFixed(0)} ms` +
      (noCpuTime > 0 ? ` (${noCpuTime} without a CPU time in the trace: their wall time stands in)` : '') +
      `\n${lines.join('\n')}`,
  )
}

/**
 * Lighthouse's NO_NAVSTART ("Something went wrong with recording the trace over your page load. Please run Lighthouse
 * again.") is its own tracing failing now and then, not the page's: the run is taken again, up to twice.
 */
async function auditWithRetry(baseUrl: string, apiUrl: string, spec: PageSpec, preset: Preset): Promise<Row> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await audit(baseUrl, apiUrl, spec, preset)
    } catch (error) {
      if (attempt > 2 || !(error instanceof Error) || !error.message.includes('NO_NAVSTART')) throw error
      console.log(`${preset.padEnd(7)} ${spec.path.padEnd(18)} NO_NAVSTART, run again`)
    }
  }
}

const server = await startBenchServer()
const front = HTTP2 ? await startHttpsFront(server.url) : null
const baseUrl = front?.url ?? server.url
console.log(`serving ${CLIENT_DIR} at ${baseUrl}${front ? ' (nginx, TLS and HTTP/2)' : ' (HTTP/1.1)'}`)
const rows: Row[] = []
try {
  for (const preset of pick(PRESETS, process.env.LIGHTHOUSE_PRESETS, (preset) => preset)) {
    for (const spec of pick(PAGES, process.env.LIGHTHOUSE_PAGES, (spec) => spec.path)) {
      const runs: Row[] = []
      for (let run = 0; run < RUNS; run += 1) {
        const row = await auditWithRetry(baseUrl, server.url, spec, preset)
        runs.push(row)
        console.log(
          `${preset.padEnd(7)} ${row.page.padEnd(18)} performance ${row.performance}  FCP ${row.fcpMs.toFixed(0)} ms  ` +
            `LCP ${row.lcpMs.toFixed(0)} ms  CLS ${row.cls.toFixed(3)}  TBT ${row.tbtMs.toFixed(0)} ms` +
            (row.uncontended
              ? `; uncontended (${row.uncontended.runDelayRemovedMs.toFixed(0)} ms of run delay out): ` +
                `performance ${row.uncontended.performance}  LCP ${row.uncontended.lcpMs.toFixed(0)} ms  ` +
                `TBT ${row.uncontended.tbtMs.toFixed(0)} ms`
              : ''),
        )
      }
      const byScore = [...runs].sort((a, b) => a.performance - b.performance)
      const median = byScore[Math.floor(byScore.length / 2)]!
      const uncontendedRuns = runs.flatMap((run) => (run.uncontended ? [run.uncontended] : []))
      rows.push({
        ...median,
        ...(runs.length > 1
          ? { performanceRange: `${byScore[0]!.performance}-${byScore.at(-1)!.performance}` }
          : {}),
        ...(uncontendedRuns.length > 0 ? { uncontendedMedian: medianFigures(uncontendedRuns) } : {}),
      })
    }
  }
  console.table(
    rows.map((row) => ({
      preset: row.preset,
      page: row.page,
      performance: row.performance,
      runs: row.performanceRange ?? '-',
      'FCP ms': row.fcpMs.toFixed(0),
      'LCP ms': row.lcpMs.toFixed(0),
      CLS: row.cls.toFixed(3),
      'TBT ms': row.tbtMs.toFixed(0),
      'LCP element': row.lcpElement?.slice(0, 60) ?? '-',
    })),
  )
  if (UNCONTENDED) {
    // Each figure's own median over the cell's uncontended audits (not the run of median score's).
    console.table(
      rows.map((row) => ({
        preset: row.preset,
        page: row.page,
        'uncontended performance': row.uncontendedMedian?.performance ?? '-',
        'LCP ms': row.uncontendedMedian?.lcpMs.toFixed(0) ?? '-',
        'TBT ms': row.uncontendedMedian?.tbtMs.toFixed(0) ?? '-',
        'run delay out ms': row.uncontendedMedian?.runDelayRemovedMs.toFixed(0) ?? '-',
      })),
    )
  }
  mkdirSync(RESULTS, { recursive: true })
  writeFileSync(
    `${RESULTS}lighthouse.json`,
    JSON.stringify({ date: new Date().toISOString(), clientDir: CLIENT_DIR, http2: HTTP2, rows }, null, 2),
  )
} finally {
  await front?.stop()
  await server.dispose()
}
