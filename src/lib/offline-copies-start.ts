// Starts the offline copies (./offline-copies) once the page is signed in: at once for a page opened with a session,
// else at sign-in. A guest's page has no copies to keep or show, so the sign-in page never downloads the module
// (decision 0027); queries that failed before it arrived are restored when it starts.
import type { QueryClient } from '@tanstack/react-query'
import type { SessionSource } from './offline-copy-meta'

export function keepOfflineCopiesWhenSignedIn(options: { queryClient: QueryClient; session: SessionSource }) {
  const { queryClient, session } = options
  let started = false
  const startIfSignedIn = () => {
    if (started || session.getState().token === null) return
    started = true
    Promise.all([import('./offline-copies'), import('./live-prices')])
      .then(([copies, prices]) =>
        copies.keepOfflineCopies({ queryClient, prices: prices.livePriceStore, session }),
      )
      .catch((error: unknown) => console.warn('[offline] starting the copies failed', error))
  }
  startIfSignedIn()
  session.subscribe(startIfSignedIn)
}
