// A quiet moment of the page (decision 0043): work that the first paint does not show (the offline copies, their
// writes) runs when the main thread is idle, or after `timeoutMs` at the latest; the service worker's registration
// waits for the start to be over (`whenMainThreadQuiet`).

/** Runs a task when the page has a quiet moment: `requestIdleCallback`, or a short timer where there is none. */
export type IdleScheduler = (task: () => void) => void

export function whenIdleWithin(timeoutMs: number): IdleScheduler {
  return (task) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => task(), { timeout: timeoutMs })
    else setTimeout(task, 200)
  }
}

export interface QuietOptions {
  /** How long the page must run no long task (the browser's 50 ms or more) to count as quiet. */
  quietMs: number
  /** The latest it resolves, quiet or not: a page that never settles still gets the work done. */
  capMs: number
}

/**
 * Resolves once the main thread has run no long task for `quietMs`, or after `capMs`. It measures the page's own
 * start rather than a fixed time, so a fast desktop is quiet within `quietMs` of the call and a slow phone as soon
 * as its start is over. Where the browser reports no long tasks (Safari, Firefox) it is `quietMs` after the call.
 */
export function whenMainThreadQuiet({ quietMs, capMs }: QuietOptions): Promise<void> {
  return new Promise((resolve) => {
    const observesLongTasks =
      typeof PerformanceObserver !== 'undefined' &&
      (PerformanceObserver.supportedEntryTypes ?? []).includes('longtask')
    let lastLongTaskEndMs = performance.now()
    const noteEntries = (entries: PerformanceEntryList) => {
      for (const entry of entries)
        lastLongTaskEndMs = Math.max(lastLongTaskEndMs, entry.startTime + entry.duration)
    }
    const observer = observesLongTasks
      ? new PerformanceObserver((list) => noteEntries(list.getEntries()))
      : null
    observer?.observe({ type: 'longtask' })
    let quietTimer: ReturnType<typeof setTimeout> | undefined
    const finish = () => {
      clearTimeout(quietTimer)
      clearTimeout(capTimer)
      observer?.disconnect()
      resolve()
    }
    const capTimer = setTimeout(finish, capMs)
    const check = () => {
      // A timer that was due during a long task runs right after it, possibly before the observer's callback:
      // takeRecords hands over the entries not yet delivered, so that task counts.
      if (observer) noteEntries(observer.takeRecords())
      const quietForMs = performance.now() - lastLongTaskEndMs
      if (quietForMs >= quietMs) finish()
      else quietTimer = setTimeout(check, quietMs - quietForMs)
    }
    quietTimer = setTimeout(check, quietMs)
  })
}
