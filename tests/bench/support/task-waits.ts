// What a renderer main thread waits for inside its long tasks (tests/bench/README.md, `bench:lighthouse`'s
// LIGHTHOUSE_WAITS): for each task whose wall time is well above its thread time, the events inside it on the main
// thread, the event each share of the wait sits in (the deepest one: a wait inside `FunctionCall` with nothing
// under it is the thread off its core while running script), what Linux says the thread did meanwhile (its run
// delay: runnable and waiting for a core; the rest of the gap is the thread asleep) and which other threads of the
// trace ran in that time (the compositor, raster, viz, the browser), by their traced events' CPU.
import { runDelayMsBetween, type MainThreadSample } from './thread-sched'
import { isThreadTask, rendererMainThreads, threadOf, type TraceEvent } from './trace-events'

/**
 * Trace categories to add to a page's usual ones: every thread's tasks (`toplevel`), the compositor's and raster's
 * (`cc`, its scheduler's decisions), viz and the GPU process's, Blink's and the scheduler's, and synchronous
 * messages (`mojom`, `ipc`, `base`'s blocking calls), so that a wait inside a main-thread task shows what it waited
 * on. More categories cost the page a little more tracing: read the waits from such runs, the scores from runs
 * without.
 */
export const WAIT_CATEGORIES = [
  'toplevel',
  'cc',
  'disabled-by-default-cc.debug.scheduler',
  'viz',
  'gpu',
  'blink',
  'scheduler',
  'mojom',
  'ipc',
  'base',
]

interface Timed extends TraceEvent {
  ts: number
  dur: number
}

const cpuOf = (event: TraceEvent) => event.tdur ?? event.dur ?? 0

/** Thread names from the trace's metadata (`CrRendererMain`, `Compositor`, `VizCompositorThread`…). */
function threadNames(events: readonly TraceEvent[]): Map<string, string> {
  const names = new Map<string, string>()
  for (const event of events) {
    if (event.name === 'thread_name' && event.args?.name) names.set(threadOf(event), event.args.name)
  }
  // A thread of another process is named with its process (`GPU Process VizCompositorThread`).
  const processes = new Map<number, string>()
  for (const event of events) {
    if (event.name === 'process_name' && event.args?.name) processes.set(event.pid, event.args.name)
  }
  for (const [thread, name] of names) {
    const process = processes.get(Number(thread.split(':')[0]))
    if (process) names.set(thread, `${process} ${name}`)
  }
  return names
}

/** Complete events of a thread, outermost first at each start time. */
function completeEvents(events: readonly TraceEvent[]): Map<string, Timed[]> {
  const byThread = new Map<string, Timed[]>()
  for (const event of events) {
    if (event.ph !== 'X' || event.ts === undefined || event.dur === undefined) continue
    const list = byThread.get(threadOf(event)) ?? []
    list.push(event as Timed)
    byThread.set(threadOf(event), list)
  }
  for (const list of byThread.values()) list.sort((a, b) => a.ts - b.ts || b.dur - a.dur)
  return byThread
}

/**
 * The wait (wall minus CPU) of a task and the events inside it, each share given to the deepest event it falls in:
 * an event's own wait is its gap less its children's gaps.
 */
function waitByEvent(task: Timed, inside: readonly Timed[]): Map<string, number> {
  const nodes = [task, ...inside]
  const children = new Map<Timed, Timed[]>()
  const stack: Timed[] = []
  for (const node of nodes) {
    while (stack.length > 0 && stack.at(-1)!.ts + stack.at(-1)!.dur < node.ts + node.dur - 0.5) stack.pop()
    const parent = stack.at(-1)
    if (parent) children.set(parent, [...(children.get(parent) ?? []), node])
    stack.push(node)
  }
  const waits = new Map<string, number>()
  for (const node of nodes) {
    const gap = (event: Timed) => Math.max(0, event.dur - cpuOf(event))
    const own = gap(node) - (children.get(node) ?? []).reduce((sum, child) => sum + gap(child), 0)
    const label = node === task ? '(the task itself, between events)' : node.name
    if (own > 0) waits.set(label, (waits.get(label) ?? 0) + own / 1000)
  }
  return waits
}

const top = (map: Map<string, number>, count: number, digits = 1) =>
  [...map]
    .filter(([, value]) => value >= 0.05)
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, value]) => `${name} ${value.toFixed(digits)}`)
    .join('; ')

/**
 * Prints the `count` long tasks (12.5 ms of wall time or more) of the page's main thread with the largest gap
 * between wall and CPU time, and the whole load's sums: the gap, the share Linux counted as run delay, and the
 * events the gap sits in.
 */
export function printTaskWaits(
  path: string,
  events: readonly TraceEvent[],
  samples: readonly MainThreadSample[],
  count = 8,
  /** A process whose main thread was sampled too (Lighthouse's own): its CPU in each task's time is printed. */
  alsoPid?: number,
): void {
  const names = threadNames(events)
  const byThread = completeEvents(events)
  const mains = rendererMainThreads(events)
  // The page's renderer: the main thread with the most long tasks (Lighthouse's about:blank has none).
  const longOf = (thread: string) =>
    (byThread.get(thread) ?? []).filter((event) => isThreadTask(event) && event.dur >= 12_500)
  const main = [...mains].sort((a, b) => longOf(b).length - longOf(a).length)[0]
  if (!main) return
  const mainEvents = byThread.get(main) ?? []
  const pid = Number(main.split(':')[0])
  // Outermost tasks only: a `ThreadControllerImpl::RunTask` inside a `RunTask` is the same task.
  const tasks = longOf(main).filter(
    (task, index, all) =>
      !all.some(
        (outer, at) =>
          at !== index &&
          outer.ts <= task.ts &&
          outer.ts + outer.dur >= task.ts + task.dur &&
          outer.dur >= task.dur &&
          (outer.dur > task.dur || at < index),
      ),
  )
  const within = (task: Timed, list: readonly Timed[]) =>
    list.filter(
      (event) => event !== task && event.ts >= task.ts && event.ts + event.dur <= task.ts + task.dur + 0.5,
    )
  const totals = { wall: 0, cpu: 0, runDelay: 0, sampled: 0, alsoCpu: 0 }
  const allWaits = new Map<string, number>()
  const rows = tasks.map((task) => {
    const inside = within(task, mainEvents)
    const waits = waitByEvent(task, inside)
    const runDelay = runDelayMsBetween(samples, pid, task.ts, task.ts + task.dur)
    const alsoCpu =
      alsoPid === undefined ? null : runDelayMsBetween(samples, alsoPid, task.ts, task.ts + task.dur, 'cpuNs')
    if (alsoCpu !== null) totals.alsoCpu += alsoCpu
    totals.wall += task.dur / 1000
    totals.cpu += cpuOf(task) / 1000
    if (runDelay !== null) {
      totals.runDelay += runDelay
      totals.sampled += (task.dur - cpuOf(task)) / 1000
    }
    for (const [name, ms] of waits) allWaits.set(name, (allWaits.get(name) ?? 0) + ms)
    return { task, inside, waits, runDelay, alsoCpu }
  })
  const first = Math.min(...mainEvents.map((event) => event.ts))
  const gap = totals.wall - totals.cpu
  console.log(
    `${path}: ${tasks.length} main-thread tasks of 12.5 ms or more: wall ${totals.wall.toFixed(0)} ms, CPU ` +
      `${totals.cpu.toFixed(0)} ms, waiting ${gap.toFixed(0)} ms, of which Linux's run delay (runnable, no core) ` +
      `${totals.runDelay.toFixed(0)} ms of the ${totals.sampled.toFixed(0)} ms sampled; the wait by the event it ` +
      `sits in (ms): ${top(allWaits, 10)}` +
      (alsoPid === undefined
        ? ''
        : `; process ${alsoPid}'s main thread ran ${totals.alsoCpu.toFixed(0)} ms meanwhile`),
  )
  for (const { task, inside, waits, runDelay, alsoCpu } of rows
    .filter(({ task }) => task.dur > 2 * cpuOf(task))
    .sort((a, b) => b.task.dur - cpuOf(b.task) - (a.task.dur - cpuOf(a.task)))
    .slice(0, count)) {
    const end = task.ts + task.dur
    // Each other thread's traced work overlapping the task: its outermost events' CPU, pro rata to the overlap.
    const others = new Map<string, number>()
    const otherEvents = new Map<string, Map<string, number>>()
    for (const [thread, list] of byThread) {
      if (thread === main) continue
      let outerEnd = -Infinity
      for (const event of list) {
        if (event.ts >= end) break
        const nested = event.ts < outerEnd
        outerEnd = Math.max(outerEnd, event.ts + event.dur)
        const overlap = Math.min(end, event.ts + event.dur) - Math.max(task.ts, event.ts)
        if (overlap <= 0) continue
        const cpu = (cpuOf(event) * overlap) / Math.max(1, event.dur) / 1000
        const label = `${thread.split(':')[0] === String(pid) ? '(this) ' : ''}${names.get(thread) ?? thread}`
        if (!nested) others.set(label, (others.get(label) ?? 0) + cpu)
        if (nested || !isThreadTask(event)) {
          const byName = otherEvents.get(label) ?? new Map<string, number>()
          byName.set(event.name, (byName.get(event.name) ?? 0) + cpu)
          otherEvents.set(label, byName)
        }
      }
    }
    const busiest = [...others].sort((a, b) => b[1] - a[1]).slice(0, 5)
    const outer = inside
      .filter(
        (event) =>
          !inside.some(
            (parent) =>
              parent !== event &&
              parent.ts <= event.ts &&
              parent.ts + parent.dur >= event.ts + event.dur &&
              parent.dur > event.dur,
          ),
      )
      .map((event) => `${event.name} ${(event.dur / 1000).toFixed(1)}/${(cpuOf(event) / 1000).toFixed(1)}`)
    console.log(
      `  +${((task.ts - first) / 1000).toFixed(0).padStart(6)} ms  wall ${(task.dur / 1000).toFixed(1)}  CPU ` +
        `${(cpuOf(task) / 1000).toFixed(1)}  run delay ${runDelay === null ? '?' : runDelay.toFixed(1)}` +
        (alsoCpu === null ? '' : `  process ${alsoPid}'s main thread ${alsoCpu.toFixed(1)}`) +
        '\n' +
        `      inside (wall/CPU ms): ${outer.slice(0, 8).join('; ') || '(nothing traced)'}\n` +
        `      the wait sits in: ${top(waits, 5)}\n` +
        `      other threads meanwhile (CPU ms): ` +
        busiest
          .map(
            ([label, cpu]) => `${label} ${cpu.toFixed(1)} [${top(otherEvents.get(label) ?? new Map(), 2)}]`,
          )
          .join('; '),
    )
  }
}
