// The end of a page's start (decision 0043, ninth pass): the service worker registers once the main thread has run no
// long task for a while, rather than at `load`, which on a phone comes while the start is still running. A module of
// its own: only the service worker's bridge loads it, so it adds nothing to a page's first scripts.

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
