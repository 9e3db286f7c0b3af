import { useEffect } from 'react'
import type { RealtimeEndpoints } from '../../../domain/contract/site'
import { getApiBaseUrl } from '../../../lib/http'
import { connectRealtime, getRealtimeClient } from '../../../lib/realtime-client'
import { setRealtimeClient } from '../client-store'

/**
 * Connects this tab to the browser's realtime hub while a user is signed in and hands it the token; a sign-out
 * (the token gone) disconnects every tab's sockets. The hub opens the sockets lazily, on the first subscription.
 */
export function useRealtimeSession(token: string | null, endpoints: RealtimeEndpoints | undefined) {
  useEffect(() => {
    if (!token) {
      getRealtimeClient()?.signOut()
      return
    }
    const client = connectRealtime({
      getToken: () => token,
      apiBaseUrl: getApiBaseUrl(),
      realtime: endpoints ?? null,
    })
    client.setToken(token)
    setRealtimeClient(client)
  }, [token, endpoints])
}
