// Lighthouse's own run, audited a second time with the page's main thread given a core whenever it wanted one
// (tests/bench/README.md, `bench:lighthouse`'s LIGHTHOUSE_UNCONTENDED). Lighthouse's mobile preset simulates a phone
// from one observed load: it multiplies each main-thread task's wall time by four. On a 2-core machine part of that
// wall time is the thread runnable with no free core, because the browser process, its network service, the script
// compilers and Lighthouse itself share the two (decision 0043, "Eighth pass"); Lighthouse's calibration assumes a
// machine where the page's thread runs when it is ready. Linux counts that wait per thread (its run delay,
// support/thread-sched.ts). This takes it out of each of the page's tasks and runs Lighthouse's audits again on the
// same artifacts: what is left of each task is its CPU time and the time it slept (a synchronous call to the GPU
// process or the font service), both of which a phone has too.
import { saveArtifacts } from 'lighthouse/core/lib/asset-saver.js'
import { runDelayMsBetween, type MainThreadSample } from './thread-sched'
import { isThreadTask, rendererMainThreads, threadOf, type TraceEvent } from './trace-events'

export interface Uncontended {
  /** The trace with each main-thread task of the sampled renderers shortened by the run delay inside it. */
  events: TraceEvent[]
  /** The run delay taken out, summed over the tasks, in ms. */
  removedMs: number
  /** Tasks shortened. */
  tasks: number
}

/**
 * Shortens each outermost task on a renderer main thread by the run delay measured inside it, never below its CPU
 * time. The task keeps its start; everything inside it on that thread is scaled by the same factor towards that
 * start, so events still nest as they did and nothing moves on the other threads.
 */
export function withoutRunDelay(
  events: readonly TraceEvent[],
  samples: readonly MainThreadSample[],
): Uncontended {
  const mains = rendererMainThreads(events)
  const copies = events.map((event) => ({ ...event }))
  let removedMs = 0
  let shortened = 0
  for (const thread of mains) {
    const pid = Number(thread.split(':')[0])
    const onThread = copies
      .filter((event) => threadOf(event) === thread && event.ts !== undefined)
      .sort((a, b) => a.ts! - b.ts! || (b.dur ?? 0) - (a.dur ?? 0))
    let index = 0
    while (index < onThread.length) {
      const task = onThread[index]!
      if (task.ph !== 'X' || !isThreadTask(task) || !task.dur) {
        index += 1
        continue
      }
      const start = task.ts!
      const end = start + task.dur
      // Everything that starts inside this task belongs to it (the nested RunTask of the same task among them).
      let next = index + 1
      while (next < onThread.length && onThread[next]!.ts! < end) next += 1
      const runDelayMs = runDelayMsBetween(samples, pid, start, end)
      const waitUs = task.dur - (task.tdur ?? task.dur)
      const takeOutUs = Math.min(Math.max(0, (runDelayMs ?? 0) * 1000), waitUs)
      if (takeOutUs > 0) {
        const factor = (task.dur - takeOutUs) / task.dur
        for (const event of onThread.slice(index, next)) {
          event.ts = start + (event.ts! - start) * factor
          if (event.dur !== undefined) event.dur *= factor
          if (event.tdur !== undefined && event.dur !== undefined)
            event.tdur = Math.min(event.tdur, event.dur)
        }
        removedMs += takeOutUs / 1000
        shortened += 1
      }
      index = next
    }
  }
  return { events: copies, removedMs, tasks: shortened }
}

/** Writes Lighthouse's artifacts with the trace replaced, for `lighthouse(url, { auditMode: dir })` to audit. */
export async function saveWithTrace(
  artifacts: Record<string, unknown>,
  events: TraceEvent[],
  dir: string,
): Promise<void> {
  const trace = { ...(artifacts.Trace as object), traceEvents: events }
  await saveArtifacts({ ...artifacts, Trace: trace, traces: { defaultPass: trace } } as never, dir)
}
