// The protected layout joins the browser's realtime hub from its beforeLoad (decision 0043), while the layout's and
// the page's code and data are still on their way: the client exists before any page component mounts, so each
// child's subscription is made once, in its first effect, rather than again when the layout's effect connects, and no
// page's first query leaves before its channel is asked for. The client module is imported here, not statically, so
// the route tree (every first visit's entry, the login page's too) does not carry it.
import { setRealtimeClient } from '../features/realtime/client-store'
import { getApiBaseUrl } from '../lib/http'
import { readSettingsCache } from '../lib/settings-cache'
import type { RouterContext } from './-router-context'

export function joinRealtimeHub({ context }: { context: RouterContext }): void {
  const token = context.session.getState().token
  if (token === null) return
  import('../lib/realtime-client')
    .then(({ connectRealtime, getRealtimeClient }) => {
      // Joined already (another page of the session), or signed out while the module came: the layout's
      // useRealtimeSession keeps the client in step from here (new token, the settings' endpoints, sign-out).
      if (getRealtimeClient() !== null || context.session.getState().token !== token) return
      const client = connectRealtime({
        getToken: () => context.session.getState().token,
        apiBaseUrl: getApiBaseUrl(),
        realtime: readSettingsCache().settings?.realtime ?? null,
      })
      client.setToken(token)
      setRealtimeClient(client)
    })
    .catch((error: unknown) => console.warn('[realtime] joining the hub early failed', error))
}
