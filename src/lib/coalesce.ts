// Many calls in a burst, one run: the first call schedules `run` after `delayMs`, and the calls until then join it.
// For a handler that a burst of events would otherwise run once per event (a catch-up page of chat messages asking
// for the unread count fifty times).
export interface Coalesced {
  call: () => void
  /** Drops a scheduled run (the caller unmounted). */
  cancel: () => void
}

export function coalesce(run: () => void, delayMs: number): Coalesced {
  let timer: ReturnType<typeof setTimeout> | null = null
  return {
    call() {
      if (timer !== null) return
      timer = setTimeout(() => {
        timer = null
        run()
      }, delayMs)
    },
    cancel() {
      if (timer !== null) clearTimeout(timer)
      timer = null
    },
  }
}
