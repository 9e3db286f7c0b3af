// What a change to one client makes stale: their page, every Clients list, and the audit log (each admin action
// writes a row). Shared by the client page's mutations.
import type { QueryClient } from '@tanstack/react-query'
import { BACK_OFFICE_KEYS } from './query-keys'

export function invalidateClient(queryClient: QueryClient, userId: number) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: BACK_OFFICE_KEYS.client(userId) }),
    queryClient.invalidateQueries({ queryKey: BACK_OFFICE_KEYS.clients }),
    queryClient.invalidateQueries({ queryKey: BACK_OFFICE_KEYS.audit }),
  ])
}
