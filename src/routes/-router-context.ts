import type { QueryClient } from '@tanstack/react-query'
import type { SessionStore } from '../lib/session-store'

/** What every route's beforeLoad and loader receive: taken from here, never imported from main (a cycle). */
export interface RouterContext {
  queryClient: QueryClient
  session: SessionStore
}
