// Starts the offline copies (./offline-copies) once the page is signed in: for a page opened with a session, in the
// first quiet moment after it has started, else at sign-in. A guest's page has no copies to keep or show, so the
// sign-in page never downloads the module (decision 0027); queries that failed before it arrived are restored when it
// starts. Dexie, the copies' reads and their subscriptions are work the first paint does not show, so they wait for
// an idle main thread (decision 0043), at most START_IDLE_TIMEOUT_MS.
import type { QueryClient } from '@tanstack/react-query'
import { whenIdleWithin, type IdleScheduler } from './idle'
import type { SessionSource } from './offline-copy-meta'

/** The longest the copies wait for an idle moment before they start anyway. */
export const START_IDLE_TIMEOUT_MS = 2_000

export function keepOfflineCopiesWhenSignedIn(options: {
  queryClient: QueryClient
  session: SessionSource
  idle?: IdleScheduler
}) {
  const { queryClient, session, idle = whenIdleWithin(START_IDLE_TIMEOUT_MS) } = options
  let started = false
  const startIfSignedIn = () => {
    if (started || session.getState().token === null) return
    started = true
    idle(() => {
      Promise.all([import('./offline-copies'), import('./live-prices')])
        .then(([copies, prices]) =>
          copies.keepOfflineCopies({ queryClient, prices: prices.livePriceStore, session }),
        )
        .catch((error: unknown) => console.warn('[offline] starting the copies failed', error))
    })
  }
  startIfSignedIn()
  session.subscribe(startIfSignedIn)
}
