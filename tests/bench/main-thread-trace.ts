// A diagnostic, not a benchmark: where a signed-in page's main thread spends its time while prices tick. Records a
// Chromium trace of one tab for a few seconds and prints the renderer main thread's trace events summed by name
// (nested events are counted inside their parents too, so the lines overlap), as % of wall time and per second.
// It found that the /mt4 market watch re-recorded its whole table every frame (`Paint`), which the per-row paint
// layers fixed. Run after a build: `node --import tsx tests/bench/main-thread-trace.ts`; knobs: TRACE_PAGE (/mt4),
// TRACE_SECONDS (5), PRICE_TICKS_PER_SECOND (2000), TRACE_CSS (a style sheet to add first, to try a change without
// a build, e.g. "aside table { table-layout: fixed }"), TRACE_INVALIDATIONS=1 (also list what asked for each layout;
// it slows script), TRACE_TABS (1: how many tabs show the page; every renderer's main thread is summed, as a
// mean per tab), BENCH_CLIENT_DIR as for the other benches. TRACE_PHONE=1 opens the page as bench:main-thread does
// (390 x 844, touch, one tab) and TRACE_SLOWDOWN=4 slows its CPU the same way; TRACE_PROFILE=1 also records a V8 CPU
// profile over the window and prints the script's self time by function (build with `--minify false` for names). It also prints what each layout had to do, and for
// each event its CPU time beside its wall time: the gap is time the thread waited inside it (for a core, or for
// the compositor at a commit).
import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS } from '../../playwright.config'
import { startBenchServer } from './support/server'
import { rendererMainThreads, threadOf, type TraceEvent } from './support/trace-events'
import { signedInPhone, signedInStorage } from './support/workspace'

const PAGE = process.env.TRACE_PAGE ?? '/mt4'
const SECONDS = Number(process.env.TRACE_SECONDS ?? 5)
const TOP = 40
const INVALIDATIONS = process.env.TRACE_INVALIDATIONS === '1'
const TABS = Number(process.env.TRACE_TABS ?? 1)
const PHONE = process.env.TRACE_PHONE === '1'
const SLOWDOWN = Number(process.env.TRACE_SLOWDOWN ?? 1)
const PROFILE = process.env.TRACE_PROFILE === '1'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
}

const server = await startBenchServer({
  PRICE_TICKS_PER_SECOND: process.env.PRICE_TICKS_PER_SECOND ?? '2000',
})
const phone = PHONE ? await signedInPhone(server.url) : null
const browser =
  phone?.browser ??
  (await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  }))
try {
  const context =
    phone?.context ??
    (await browser.newContext({
      viewport: { width: 1280, height: 1000 },
      storageState: await signedInStorage(server.url, { settingsCached: true }),
    }))
  const pages = []
  for (let index = 0; index < TABS; index += 1) {
    const tab = await context.newPage()
    await tab.goto(`${server.url}${PAGE}`)
    // A phone hides the market watch; the workspace shows its active asset once ready (bench:main-thread's wait).
    if (PHONE) await tab.getByTestId('active-asset').waitFor({ timeout: 60_000 })
    else await tab.locator('[data-updated-ms]').first().waitFor()
    if (process.env.TRACE_CSS) await tab.addStyleTag({ content: process.env.TRACE_CSS })
    pages.push(tab)
  }
  const page = pages[0]!
  // bench:main-thread lets a phone's page settle 10 s before its window.
  await page.waitForTimeout(PHONE ? 10_000 : 3_000)

  const cdp = await context.newCDPSession(page)
  if (SLOWDOWN > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN })
  if (PROFILE) {
    await cdp.send('Profiler.enable')
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
    await cdp.send('Profiler.start')
  }
  const events: TraceEvent[] = []
  let traceComplete: () => void = () => undefined
  const complete = new Promise<void>((resolve) => (traceComplete = resolve))
  cdp.on('event', ({ method, params }) => {
    if (method === 'Tracing.dataCollected') events.push(...(params as { value: TraceEvent[] }).value)
    if (method === 'Tracing.tracingComplete') traceComplete()
  })
  await cdp.send('Tracing.start', {
    traceConfig: {
      includedCategories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8',
        'blink',
        'cc',
        'toplevel',
        // Which node asked for a layout, and why (LayoutInvalidationTracking events). It records a stack per
        // invalidation, which slows script: compare timings only between runs without it.
        ...(INVALIDATIONS ? ['disabled-by-default-devtools.timeline.invalidationTracking'] : []),
      ],
    },
    transferMode: 'ReportEvents',
  })
  await page.waitForTimeout(SECONDS * 1_000)
  await cdp.send('Tracing.end')
  await complete
  if (PROFILE) {
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as {
      profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }
    }
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]))
    const selfUs = new Map<string, number>()
    profile.samples.forEach((id, index) => {
      const frame = nodes.get(id)?.callFrame
      if (!frame) return
      const key = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop()}:${frame.lineNumber + 1}`
      selfUs.set(key, (selfUs.get(key) ?? 0) + (profile.timeDeltas[index] ?? 0))
    })
    console.log(`CPU profile, self time per second of wall time (ms/s), top ${TOP}:`)
    for (const [key, us] of [...selfUs].sort((a, b) => b[1] - a[1]).slice(0, TOP)) {
      console.log(`${(us / 1000 / SECONDS).toFixed(2).padStart(8)}  ${key}`)
    }
  }

  const mainThreads = rendererMainThreads(events)
  const totals = new Map<string, { us: number; cpuUs: number; count: number }>()
  for (const event of events) {
    if (event.ph !== 'X' || !event.dur || !mainThreads.has(threadOf(event))) continue
    const total = totals.get(event.name) ?? { us: 0, cpuUs: 0, count: 0 }
    total.us += event.dur
    total.cpuUs += event.tdur ?? event.dur
    total.count += 1
    totals.set(event.name, total)
  }
  // Per tab: a renderer's main thread per tab.
  const perTab = (value: number) => value / Math.max(1, mainThreads.size)
  const percentOfWall = (us: number) => ((perTab(us) / 1e6 / SECONDS) * 100).toFixed(1).padStart(6)
  console.log(
    `${PAGE}, ${SECONDS} s, ${TABS} tab(s), ${mainThreads.size} renderer main thread(s); events by name, per tab ` +
      '(% of wall time, of which CPU, per second):',
  )
  for (const [name, total] of [...totals].sort((a, b) => b[1].us - a[1].us).slice(0, TOP)) {
    console.log(
      `${percentOfWall(total.us)} % ${percentOfWall(total.cpuUs)} %  ` +
        `${perTab(total.count / SECONDS)
          .toFixed(0)
          .padStart(5)}/s  ${name}`,
    )
  }
  // What each layout had to do: how many objects were dirty out of how many, and whether it was a subtree layout
  // (a relayout boundary stopped it) or one from the root.
  const layouts = events.filter(
    (event) => event.name === 'Layout' && event.ph === 'X' && mainThreads.has(threadOf(event)),
  )
  if (layouts.length > 0) {
    const mean = (pick: (event: TraceEvent) => number, digits = 0) =>
      (layouts.reduce((sum, event) => sum + pick(event), 0) / layouts.length).toFixed(digits)
    const partial = layouts.filter((event) => event.args?.beginData?.partialLayout).length
    console.log(
      `Layout: ${layouts.length} in ${SECONDS} s, mean ${mean((event) => (event.dur ?? 0) / 1000, 2)} ms, ` +
        `dirty objects ${mean((event) => event.args?.beginData?.dirtyObjects ?? 0)} of ` +
        `${mean((event) => event.args?.beginData?.totalObjects ?? 0)}, partial (subtree) layouts ${partial}`,
    )
  }
  // The longest tasks by CPU: a periodic one (a timer's, an idle callback's) shows here rather than in the sums.
  const tasks = events
    .filter((event) => event.name === 'RunTask' && event.ph === 'X' && mainThreads.has(threadOf(event)))
    .sort((a, b) => (b.tdur ?? 0) - (a.tdur ?? 0))
    .slice(0, 8)
  console.log('Longest tasks (CPU ms), with the three largest events inside each:')
  for (const task of tasks) {
    const start = task.ts ?? 0
    const inside = events
      .filter(
        (event) =>
          event !== task &&
          event.ph === 'X' &&
          event.pid === task.pid &&
          event.tid === task.tid &&
          (event.ts ?? 0) >= start &&
          (event.ts ?? 0) + (event.dur ?? 0) <= start + (task.dur ?? 0) &&
          !event.name.includes('RunTask'),
      )
      .sort((a, b) => (b.tdur ?? 0) - (a.tdur ?? 0))
      .slice(0, 3)
      .map((event) => `${event.name} ${((event.tdur ?? 0) / 1000).toFixed(2)}`)
    console.log(`  ${((task.tdur ?? 0) / 1000).toFixed(2)}: ${inside.join('; ')}`)
  }
  const invalidations = new Map<string, number>()
  for (const event of events) {
    if (event.name !== 'LayoutInvalidationTracking') continue
    const key = `${event.args?.data?.reason ?? '?'}: ${event.args?.data?.nodeName ?? '?'}`
    invalidations.set(key, (invalidations.get(key) ?? 0) + 1)
  }
  if (invalidations.size > 0) console.log('Layout invalidations per second, by reason and node:')
  for (const [key, count] of [...invalidations].sort((a, b) => b[1] - a[1]).slice(0, 20)) {
    console.log(`${(count / SECONDS).toFixed(0).padStart(7)}/s  ${key}`)
  }
} finally {
  await browser.close()
  await server.dispose()
}
