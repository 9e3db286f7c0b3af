// What the benches read of a Chromium trace (tests/bench/README.md): its events, and which threads are a renderer's
// main thread, where a page's script, style, layout and paint run.

export interface TraceEvent {
  name: string
  ph: string
  pid: number
  tid: number
  ts?: number
  /** Wall time inside the event, in µs. */
  dur?: number
  /** Thread (CPU) time: less than `dur` when the thread was descheduled or blocked inside the event. */
  tdur?: number
  args?: {
    name?: string
    beginData?: { dirtyObjects?: number; totalObjects?: number; partialLayout?: boolean }
    data?: {
      nodeName?: string
      reason?: string
      url?: string
      functionName?: string
      lineNumber?: number
      columnNumber?: number
      frame?: string
    }
  }
}

/** `pid:tid` of every renderer main thread in the trace. */
export function rendererMainThreads(events: readonly TraceEvent[]): Set<string> {
  return new Set(
    events
      .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map(threadOf),
  )
}

export const threadOf = (event: TraceEvent) => `${event.pid}:${event.tid}`

/**
 * A task of a thread's scheduler: Chromium names it `RunTask`, or `ThreadControllerImpl::RunTask` (which may sit
 * inside a `RunTask` of the same task). Everything a thread does runs inside one.
 */
export const isThreadTask = (event: TraceEvent) =>
  event.name === 'RunTask' || event.name === 'ThreadControllerImpl::RunTask'
