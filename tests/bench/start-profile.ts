// A diagnostic, not a benchmark: what the signed-in start spends the main thread on, task by task (decision 0043).
// One signed-in visit of PROFILE_PAGE (/main/dashboard) at 390 x 844 (touch), a Chromium trace from navigation to
// PROFILE_SECONDS (8) later, and, for each main-thread task, its CPU time (the trace's thread time, which a busy
// machine does not stretch, unlike wall time) and what it ran: script evaluations and calls by chunk, and the
// engine's own work (style, layout, paint, parsing, GC) by name. With a source-mapped build
// (`npx vite build --sourcemap true --outDir /tmp/sm-dist`, then BENCH_CLIENT_DIR=/tmp/sm-dist) a call names its
// source file and line; PROFILE_OWNERS=1 also sums each long task's samples by the innermost function of the project's
// own code on their stack (a component, a hook, a store), which names the part of a render a task is spent under.
//
// A phone is taken as PROFILE_SLOWDOWN (4) times slower, Lighthouse's mobile preset: a task is long on a phone when
// its CPU time times 4 passes 50 ms, and "blocking at 4x" sums what each such task spends past 50 ms (Lighthouse's
// total blocking time counts only those between the first paint and the page's quiet; this counts them all).
//
// PROFILE_THROTTLE=4 slows the page's CPU as DevTools does (Emulation.setCPUThrottlingRate; off by default: the CPU
// times above are at 1x). PROFILE_WAITS=1 also records the compositor's, raster's and viz's events and prints what
// the long tasks wait for, as bench:lighthouse's LIGHTHOUSE_WAITS does (support/task-waits.ts): a task longer in
// wall time than in CPU time either waited for a core or slept, and Linux's run delay tells which.
import { existsSync, readFileSync } from 'node:fs'
import { SourceMapConsumer } from 'source-map'
import { CLIENT_DIR, startBenchServer } from './support/server'
import { printTaskWaits, WAIT_CATEGORIES } from './support/task-waits'
import { sampleRendererMainThreads, type MainThreadSample } from './support/thread-sched'
import { isThreadTask } from './support/trace-events'
import { signedInPhone } from './support/workspace'

const PAGE = process.env.PROFILE_PAGE ?? '/main/dashboard'
const SECONDS = Number(process.env.PROFILE_SECONDS ?? 8)
const SLOWDOWN = Number(process.env.PROFILE_SLOWDOWN ?? 4)
const RUNS = Number(process.env.PROFILE_RUNS ?? 3)
const LONG_MS = 50
const THROTTLE = Number(process.env.PROFILE_THROTTLE ?? 1)
const WAITS = process.env.PROFILE_WAITS === '1'

interface TraceEvent {
  name: string
  ph: string
  pid: number
  tid: number
  ts: number
  dur?: number
  tdur?: number
  args?: {
    name?: string
    data?: { url?: string; functionName?: string; lineNumber?: number; columnNumber?: number; frame?: string }
  }
}

interface CpuProfile {
  nodes: Array<{
    id: number
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }
    children?: number[]
  }>
  startTime: number
  samples: number[]
  timeDeltas: number[]
}

interface Task {
  startUs: number
  endUs: number
  /** Where the CPU profile's samples inside the task stood, by source file (a package for node_modules). */
  code: Map<string, number>
  /**
   * With PROFILE_OWNERS=1: the samples by the innermost function of the project's own code on their stack (a
   * component, a hook), whatever library code ran below it: which part of a render a long task is.
   */
  owners: Map<string, number>
  startMs: number
  cpuMs: number
  parts: Map<string, number>
}

async function trace(
  baseUrl: string,
): Promise<{ events: TraceEvent[]; profile: CpuProfile; samples: MainThreadSample[] }> {
  const { browser, context } = await signedInPhone(baseUrl)
  try {
    const page = await context.newPage()
    await page.goto(`${baseUrl}/404-blank-for-tracing`).catch(() => undefined)
    const cdp = await context.newCDPSession(page)
    const events: TraceEvent[] = []
    let done: () => void = () => undefined
    const complete = new Promise<void>((resolve) => (done = resolve))
    cdp.on('event', ({ method, params }) => {
      if (method === 'Tracing.dataCollected') events.push(...(params as { value: TraceEvent[] }).value)
      if (method === 'Tracing.tracingComplete') done()
    })
    if (THROTTLE > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE })
    await cdp.send('Profiler.enable')
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
    await cdp.send('Profiler.start')
    await cdp.send('Tracing.start', {
      traceConfig: {
        includedCategories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'v8',
          'blink',
          'toplevel',
          ...(WAITS ? WAIT_CATEGORIES : []),
        ],
      },
      transferMode: 'ReportEvents',
    })
    // The renderers are children of this process's Chromium, so this process is the root to look under.
    const sampler = WAITS ? sampleRendererMainThreads(process.pid) : null
    await page.goto(`${baseUrl}${PAGE}`)
    await page.waitForTimeout(SECONDS * 1000)
    await cdp.send('Tracing.end')
    await complete
    const samples = (await sampler?.stop()) ?? []
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile }
    return { events, profile, samples }
  } finally {
    await browser.close()
  }
}

const consumers = new Map<string, SourceMapConsumer | null>()
async function where(url: string | undefined, line?: number, column?: number): Promise<string> {
  if (!url) return '(no url)'
  const path = url.startsWith('http') ? new URL(url).pathname : url
  if (!consumers.has(path)) {
    const file = `${CLIENT_DIR}${path}.map`
    consumers.set(
      path,
      existsSync(file) ? await new SourceMapConsumer(JSON.parse(readFileSync(file, 'utf8'))) : null,
    )
  }
  const map = consumers.get(path)
  if (!map || line === undefined) return path
  // The trace's and the profiler's positions: the trace's are 1-based, the profiler's 0-based (callers add one).
  if (line < 1) return path
  const original = map.originalPositionFor({ line, column: Math.max(0, (column ?? 1) - 1) })
  return original.source ? `${original.source.replace(/^(\.\.\/)+/, '')}:${original.line}` : path
}

async function tasksOf(events: TraceEvent[]): Promise<Task[]> {
  const renderer = events.find(
    (event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain' && eventsOnThread(event),
  )
  function eventsOnThread(threadName: TraceEvent) {
    return events.some(
      (event) => event.pid === threadName.pid && event.tid === threadName.tid && event.name === 'ParseHTML',
    )
  }
  if (!renderer) throw new Error('no renderer main thread with a ParseHTML in the trace')
  const main = events
    .filter((event) => event.pid === renderer.pid && event.tid === renderer.tid && event.ph === 'X')
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))
  // Times are from the page's first HTML parse (about when its response arrived).
  const navigation = main.find((event) => event.name === 'ParseHTML')?.ts ?? 0
  const tasks: Task[] = []
  let current: {
    end: number
    task: Task
    stack: Array<{ end: number; event: TraceEvent; childCpu: number }>
  } | null = null
  const close = async (upTo: number) => {
    while (current && current.stack.length > 0 && current.stack[current.stack.length - 1]!.end <= upTo) {
      const { event, childCpu } = current.stack.pop()!
      const self = Math.max(0, (event.tdur ?? event.dur ?? 0) - childCpu) / 1000
      const data = event.args?.data
      const label =
        event.name === 'FunctionCall' || event.name === 'EvaluateScript'
          ? `${event.name} ${await where(data?.url, data?.lineNumber, data?.columnNumber)}`
          : event.name
      current.task.parts.set(label, (current.task.parts.get(label) ?? 0) + self)
      const parent = current.stack[current.stack.length - 1]
      if (parent) parent.childCpu += event.tdur ?? event.dur ?? 0
    }
  }
  for (const event of main) {
    if (isThreadTask(event) && (!current || event.ts >= current.end)) {
      await close(Infinity)
      if (event.ts < navigation) {
        current = null
        continue
      }
      current = {
        end: event.ts + (event.dur ?? 0),
        task: {
          startUs: event.ts,
          endUs: event.ts + (event.dur ?? 0),
          code: new Map(),
          owners: new Map(),
          startMs: (event.ts - navigation) / 1000,
          cpuMs: (event.tdur ?? event.dur ?? 0) / 1000,
          parts: new Map(),
        },
        stack: [],
      }
      tasks.push(current.task)
      continue
    }
    if (!current || event.ts >= current.end) continue
    await close(event.ts)
    current.stack.push({ end: event.ts + (event.dur ?? 0), event, childCpu: 0 })
  }
  await close(Infinity)
  return tasks
}

/** Which source file (a package, for node_modules) a position in the build is, through its source map. */
async function sourceOf(url: string, line: number, column: number): Promise<string> {
  if (!url) return '(native)'
  const at = await where(url, line + 1, column + 1)
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(at)
  if (inPackage) return inPackage[1]!
  return at.replace(/:\d+$/, '')
}

const OWNERS = process.env.PROFILE_OWNERS === '1'

async function attribute(tasks: Task[], profile: CpuProfile): Promise<void> {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]))
  const parents = new Map<number, number>()
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id)
  const ownerOf = async (leaf: number): Promise<string> => {
    for (let id: number | undefined = leaf; id !== undefined; id = parents.get(id)) {
      const frame = nodes.get(id)?.callFrame
      if (!frame?.url) continue
      const at = await where(frame.url, frame.lineNumber + 1, frame.columnNumber + 1)
      const project = at.includes('node_modules') ? null : /(?:^|\/)(src\/.*)$/.exec(at)
      if (project) return `${frame.functionName || '(anonymous)'} ${project[1]}`
    }
    return '(no project code)'
  }
  let at = profile.startTime
  let task = 0
  for (let index = 0; index < profile.samples.length; index += 1) {
    at += profile.timeDeltas[index] ?? 0
    while (task < tasks.length && tasks[task]!.endUs < at) task += 1
    const current = tasks[task]
    if (!current || at < current.startUs) continue
    const frame = nodes.get(profile.samples[index]!)?.callFrame
    if (!frame || frame.functionName === '(idle)' || frame.functionName === '(program)') continue
    const file =
      frame.functionName === '(garbage collector)'
        ? '(gc)'
        : await sourceOf(frame.url, frame.lineNumber, frame.columnNumber)
    current.code.set(file, (current.code.get(file) ?? 0) + 1)
    if (OWNERS) {
      const owner = await ownerOf(profile.samples[index]!)
      current.owners.set(owner, (current.owners.get(owner) ?? 0) + 1)
    }
  }
}

async function main(): Promise<void> {
  const server = await startBenchServer()
  try {
    for (let run = 1; run <= RUNS; run += 1) {
      const { events, profile, samples } = await trace(server.url)
      const tasks = await tasksOf(events)
      await attribute(tasks, profile)
      const long = tasks.filter((task) => task.cpuMs * SLOWDOWN > LONG_MS)
      const blocking = long.reduce((sum, task) => sum + task.cpuMs * SLOWDOWN - LONG_MS, 0)
      const cpu = tasks.reduce((sum, task) => sum + task.cpuMs, 0)
      console.log(
        `\n${PAGE}, run ${run}: ${tasks.length} tasks, ${cpu.toFixed(0)} ms CPU in ${SECONDS} s; ` +
          `${long.length} long at ${SLOWDOWN}x, blocking at ${SLOWDOWN}x ${blocking.toFixed(0)} ms`,
      )
      for (const task of long) {
        const parts = [...task.parts]
          .sort((a, b) => b[1] - a[1])
          .filter(([, ms]) => ms >= 1)
          .slice(0, 6)
          .map(([name, ms]) => `${name} ${ms.toFixed(1)}`)
        console.log(
          `  at ${task.startMs.toFixed(0).padStart(5)} ms: ${task.cpuMs.toFixed(1).padStart(6)} ms CPU ` +
            `(${(task.cpuMs * SLOWDOWN).toFixed(0)} at ${SLOWDOWN}x): ${parts.join('; ')}`,
        )
        const samples = [...task.code.values()].reduce((sum, count) => sum + count, 0)
        const code = [...task.code]
          .sort((a, b) => b[1] - a[1])
          .slice(0, Number(process.env.PROFILE_CODE_TOP ?? 8))
          .map(([file, count]) => `${file} ${((count / samples) * 100).toFixed(0)}%`)
        if (samples > 0) console.log(`      code: ${code.join('; ')}`)
        if (OWNERS && samples > 0) {
          const owners = [...task.owners]
            .sort((a, b) => b[1] - a[1])
            .slice(0, 12)
            .map(([owner, count]) => `${owner} ${((count / samples) * 100).toFixed(0)}%`)
          console.log(`      owners: ${owners.join('; ')}`)
        }
      }
      if (WAITS) printTaskWaits(PAGE, events, samples)
    }
  } finally {
    await server.dispose()
  }
}

await main()
