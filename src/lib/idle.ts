// A quiet moment of the page (decision 0043): work that the first paint does not show (the offline copies, their
// writes) runs when the main thread is idle, or after `timeoutMs` at the latest. The service worker's registration
// waits for the whole start to be over instead (main-thread-quiet.ts).

/** Runs a task when the page has a quiet moment: `requestIdleCallback`, or a short timer where there is none. */
export type IdleScheduler = (task: () => void) => void

export function whenIdleWithin(timeoutMs: number): IdleScheduler {
  return (task) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => task(), { timeout: timeoutMs })
    else setTimeout(task, 200)
  }
}
