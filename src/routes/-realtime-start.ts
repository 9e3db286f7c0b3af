// The protected layout joins the browser's realtime hub from its loader (decision 0043), which runs as soon as the
// layout's chunk has arrived, while the pages' code and data are still on their way: the client exists before any
// page component mounts, so each child's subscription is made once, in its first effect, rather than again when the
// layout's effect connects after the whole first render. A loader ships in its route's chunk (decision 0042), so the
// route tree (every first visit's entry, the login page's too) carries none of this.
import { getRealtimeClient, connectRealtime } from '../lib/realtime-client'
import { setRealtimeClient } from '../features/realtime/client-store'
import { getApiBaseUrl } from '../lib/http'
import { readSettingsCache } from '../lib/settings-cache'
import type { RouterContext } from './-router-context'

export function joinRealtimeHub({ context }: { context: RouterContext }): void {
  const token = context.session.getState().token
  if (token === null) return
  // Joined already (another page of the session): the layout's useRealtimeSession keeps the client in step from
  // here (a new token, the settings' endpoints, sign-out).
  if (getRealtimeClient() !== null) return
  const client = connectRealtime({
    getToken: () => context.session.getState().token,
    apiBaseUrl: getApiBaseUrl(),
    realtime: readSettingsCache().settings?.realtime ?? null,
  })
  client.setToken(token)
  setRealtimeClient(client)
}
