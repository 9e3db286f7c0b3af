// Figures, not a test (issue 4, Benchmark): live prices at several simulator rates, in 1 and 4 dashboard tabs, with
// the shared hub (one SharedWorker, one set of sockets per browser) versus `?realtime=dedicated` (a Worker and its
// own sockets per tab). Per cell: tick-to-paint latency (server emit time of the price a bid cell shows to the next
// animation frame after the DOM changed), main-thread busy % per tab, dropped frames, CPU of the whole browser and of
// the server, and the connection gauges. Run after `npm run build`: `npm run bench:ticks`; a shorter run with e.g.
// `BENCH_RATES=2000 BENCH_TABS=4 npm run bench:ticks`. Results go to tests/bench/results/ticks.json.
import { chromium, type BrowserContext, type Page } from '@playwright/test'
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, tmpdir } from 'node:os'
import { join } from 'node:path'
import { CHROMIUM_ARGS } from '../../playwright.config'
import { DEMO_CUSTOMER, startServer, TEMPLATE_ENV, type RunningServer } from '../e2e/support/server'

type Mode = 'shared' | 'dedicated'

const numbers = (value: string | undefined, fallback: number[]) =>
  value ? value.split(',').map((item) => Number(item.trim())) : fallback
const RATES = numbers(process.env.BENCH_RATES, [500, 2_000, 10_000])
const TABS = numbers(process.env.BENCH_TABS, [1, 4])
const MODES = (
  process.env.BENCH_MODES?.split(',').map((item) => item.trim()) ?? ['shared', 'dedicated']
).filter((mode): mode is Mode => mode === 'shared' || mode === 'dedicated')
const WARMUP_MS = Number(process.env.BENCH_WARMUP_MS ?? 3_000)
const WINDOW_MS = Number(process.env.BENCH_WINDOW_MS ?? 10_000)
/** A frame interval above this counts as dropped (two 60 Hz frames). */
const DROPPED_FRAME_MS = 33
/** Machine CPU used by anything but this browser, the server and this script that makes a cell suspect. */
const OTHER_LOAD_WARNING_PERCENT = 20
const TARGETS = { p99Ms: 50, p99Rate: 2_000, p99Tabs: 4, busyPercent: 20, sharedSaving: 2, savingTabs: 4 }

const RESULTS = new URL('./results/', import.meta.url).pathname
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100

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

interface ProbeFigures {
  /** Tick-to-paint latencies, ms. */
  samples: number[]
  frames: number
  dropped: number
  longestFrameMs: number
  /** Frame intervals over 250 ms: [end of the gap, Date.now() ms; its length, ms]. */
  stalls: [number, number][]
}
type Probe = ProbeFigures & { stop: () => void }

/** Busy clock ticks of the whole machine (all cores, steal included: time this VM wanted and did not get). */
function machineBusyTicks(): number {
  const [user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]!
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number)
  return user! + nice! + system! + irq! + softirq! + (steal ?? 0)
}

/** Installed in each tab at the start of the window: the latency observer and the frame counter. */
function startProbe(droppedFrameMs: number) {
  const body = document.querySelector('[data-testid="market-row-btcusd"]')?.closest('tbody')
  if (!body) throw new Error('no market table')
  const probe: Probe = { samples: [], frames: 0, dropped: 0, longestFrameMs: 0, stalls: [], stop: () => {} }
  // The server time each cell showed last, so a re-render without a new price is not counted twice.
  const seen = new WeakMap<Element, number>()
  let pending: number[] = []
  let frameRequested = false
  const collect = (node: Node | null) => {
    const element = node instanceof Element ? node : (node?.parentElement ?? null)
    if (!element) return
    const cells = element.closest('[data-testid="bid"]')
      ? [element.closest('[data-testid="bid"]')!]
      : [...element.querySelectorAll('[data-testid="bid"]')]
    for (const cell of cells) {
      const updatedMs = Number(cell.getAttribute('data-updated-ms'))
      if (!updatedMs || seen.get(cell) === updatedMs) continue
      seen.set(cell, updatedMs)
      pending.push(updatedMs)
    }
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
      for (const updatedMs of pending) probe.samples.push(nowMs - updatedMs)
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
  // Cells already on screen count as seen: only prices that arrive during the window are measured.
  body.querySelectorAll('[data-testid="bid"]').forEach((cell) => {
    seen.set(cell, Number(cell.getAttribute('data-updated-ms')))
  })
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

function stopProbe(): ProbeFigures {
  const { stop, ...figures } = (window as unknown as { __tickProbe: Probe }).__tickProbe
  stop()
  return figures
}

async function taskMetrics(session: Awaited<ReturnType<BrowserContext['newCDPSession']>>) {
  const { metrics } = await session.send('Performance.getMetrics')
  const value = (name: string) => metrics.find((metric) => metric.name === name)?.value ?? NaN
  return {
    taskSeconds: value('TaskDuration'),
    scriptSeconds: value('ScriptDuration'),
    styleSeconds: value('RecalcStyleDuration'),
    layoutSeconds: value('LayoutDuration'),
    timestamp: value('Timestamp'),
  }
}

async function openDashboards(context: BrowserContext, baseUrl: string, tabs: number, mode: Mode) {
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
      // The sign-in redirects drop the query: every tab opens the dashboard with it.
      if (page !== first || search) await page.goto(`${baseUrl}/main/dashboard${search}`)
      await page.getByTestId('market-row-btcusd').getByTestId('bid').waitFor()
      // Keep the whole table on screen, as a person watching it would.
      await page.getByTestId('market-row-spy').scrollIntoViewIfNeeded()
    }),
  )
  return pages
}

interface Cell {
  rate: number
  tabs: number
  mode: Mode
  samples: number
  p50Ms: number
  p99Ms: number
  maxMs: number
  negativeSamples: number
  busyPercentMean: number
  busyPercentMax: number
  busyPercentPerTab: number[]
  mainThreadPercent: { script: number; style: number; layout: number; other: number }
  frames: number
  droppedFrames: number
  droppedPercent: number
  longestFrameMs: number
  browserCpuPercent: number
  /** CPU per Chromium process type (renderers include the SharedWorker's), % of one core. */
  browserCpuByType: Record<string, number>
  browserProcesses: { pid: number; type: string; cpuPercent: number }[]
  browserProcessesExited: number
  serverCpuPercent: number
  pusherConnections: string
  priceConnections: string
  connectionsSettled: boolean
  visibility: string[]
  /** Machine CPU not spent by this browser, the server or this script (another job skews the cell). */
  otherCpuPercent: number
  perTab: (Omit<ProbeFigures, 'samples'> & { samples: number; busyPercent: number })[]
  windowMs: number
}

async function runCell(server: RunningServer, rate: number, tabs: number, mode: Mode): Promise<Cell> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'cfd-bench-chromium-'))
  let context: BrowserContext | undefined
  try {
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
      viewport: { width: 1280, height: 1000 },
    })
    const pages = await openDashboards(context, server.url, tabs, mode)
    const expected = mode === 'shared' ? 1 : tabs
    const connectionsSettled = await waitForGauges(server.url, expected, expected)
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
        return page.evaluate(startProbe, DROPPED_FRAME_MS)
      }),
    )
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
    const probes = await Promise.all(pages.map((page) => page.evaluate(stopProbe)))
    gaugeSamples.push(serverAfter)

    const samples = probes.flatMap((probe) => probe.samples).sort((a, b) => a - b)
    const busyPercentPerTab = tasksBefore.map((before, index) => {
      const after = tasksAfter[index]!
      return (100 * (after.taskSeconds - before.taskSeconds)) / (after.timestamp - before.timestamp)
    })
    // Where a tab's main thread goes, % of wall time, mean over tabs; "other" is paint, compositing, GC, IPC.
    const share = (key: 'taskSeconds' | 'scriptSeconds' | 'styleSeconds' | 'layoutSeconds') =>
      tasksBefore.reduce((sum, before, index) => {
        const after = tasksAfter[index]!
        return sum + (100 * (after[key] - before[key])) / (after.timestamp - before.timestamp)
      }, 0) / tasksBefore.length
    const mainThreadPercent = {
      script: share('scriptSeconds'),
      style: share('styleSeconds'),
      layout: share('layoutSeconds'),
      other: share('taskSeconds') - share('scriptSeconds') - share('styleSeconds') - share('layoutSeconds'),
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
      rate,
      tabs,
      mode,
      samples: samples.length,
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
      browserProcesses: browser.processes,
      browserProcessesExited: browser.exited,
      serverCpuPercent,
      pusherConnections: range(gaugeSamples.map((sample) => sample.pusher)),
      priceConnections: range(gaugeSamples.map((sample) => sample.prices)),
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
        busyPercent: busyPercentPerTab[index]!,
      })),
      windowMs,
    }
  } finally {
    await context?.close()
    rmSync(userDataDir, { recursive: true, force: true })
  }
}

const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '-')

const benchStartedMs = Date.now()
const cells: Cell[] = []
// One migrated and seeded database, copied for each server (as the e2e global setup does).
const template = mkdtempSync(join(tmpdir(), 'cfd-bench-template-'))
try {
  const seeding = await startServer({}, { dataDir: template })
  await seeding.stop()
  process.env[TEMPLATE_ENV] = template
  for (const rate of RATES) {
    const server = await startServer({ PRICE_TICKS_PER_SECOND: String(rate) })
    try {
      for (const tabs of TABS) {
        for (const mode of MODES) {
          // The previous browser's sockets must be gone, or the gauges and the server's work mix two cells.
          await waitForGauges(server.url, 0, 0)
          const label = `${rate} ticks/s, ${tabs} tab(s), ${mode}`
          try {
            const cell = await runCell(server, rate, tabs, mode)
            cells.push(cell)
            console.log(
              `${label}: p50 ${fixed(cell.p50Ms)} ms, p99 ${fixed(cell.p99Ms)} ms, ` +
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

const find = (rate: number, tabs: number, mode: Mode) =>
  cells.find((cell) => cell.rate === rate && cell.tabs === tabs && cell.mode === mode)
const verdict = (holds: boolean | undefined) =>
  holds === undefined ? 'not measured' : holds ? 'holds' : 'MISSED'
const targets: Record<string, string> = {}
for (const mode of MODES) {
  const cell = find(TARGETS.p99Rate, TARGETS.p99Tabs, mode)
  targets[`p99 <= ${TARGETS.p99Ms} ms at ${TARGETS.p99Rate} ticks/s, ${TARGETS.p99Tabs} tabs, ${mode}`] =
    `${verdict(cell && cell.p99Ms <= TARGETS.p99Ms)}${cell ? ` (${fixed(cell.p99Ms)} ms)` : ''}`
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
console.log('Targets (issue 4):')
for (const [target, result] of Object.entries(targets)) console.log(`  ${target}: ${result}`)
console.log(`${cells.length} cells in ${fixed((Date.now() - benchStartedMs) / 1000, 0)} s`)

mkdirSync(RESULTS, { recursive: true })
writeFileSync(
  `${RESULTS}ticks.json`,
  JSON.stringify(
    {
      date: new Date().toISOString(),
      machine: { cores: cpus().length, cpu: cpus()[0]?.model },
      config: {
        rates: RATES,
        tabs: TABS,
        modes: MODES,
        warmupMs: WARMUP_MS,
        windowMs: WINDOW_MS,
        droppedFrameMs: DROPPED_FRAME_MS,
      },
      cells,
      targets,
    },
    null,
    2,
  ),
)
