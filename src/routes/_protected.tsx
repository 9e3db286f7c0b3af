import { useQueryClient } from '@tanstack/react-query'
import { createFileRoute, Navigate, Outlet, useNavigate } from '@tanstack/react-router'
import { CHANNELS, PUSH_EVENTS, REALTIME_TIMINGS } from '../domain/contract/realtime'
import { useRealtimeEvent, useRealtimeNotices, useRealtimeSession } from '../features/realtime'
import { AccountGate, loadCurrentUser, useInitialData, useSession } from '../features/session'
import { getSiteDataQueryOptions, useSettings } from '../features/site'
import { requireSignedIn } from './-guards'

/** Every protected route (spec 2.1 and 6): a signed-out visitor goes to /. */
export const Route = createFileRoute('/_protected')({
  beforeLoad: requireSignedIn,
  component: ProtectedLayout,
})

function ProtectedLayout() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const token = useSession((state) => state.token)
  const userId = useSession((state) => state.user?.id ?? null)
  const signedIn = useSession((state) => Boolean(state.user && state.token))
  const settings = useSettings()

  // The user and the site data (leverage map), once per login (spec 2.6 and 4).
  useInitialData(token, () => queryClient.prefetchQuery(getSiteDataQueryOptions()))

  // The browser's one realtime hub (DESIGN 4): this tab joins it while signed in.
  useRealtimeSession(token, settings.data?.realtime)
  useRealtimeNotices()

  // Spec 7: user.updated reloads the user, retrying once after 5 s; a notification push reloads it too (its
  // sound is played by the hub's chosen tab).
  const reloadUser = () => {
    loadCurrentUser(queryClient, { fresh: true }).catch(() => {
      setTimeout(() => {
        loadCurrentUser(queryClient, { fresh: true }).catch((error: unknown) =>
          console.error('Failed to reload the user', error),
        )
      }, REALTIME_TIMINGS.REFRESH_RETRY_MS)
    })
  }
  useRealtimeEvent(userId === null ? null : CHANNELS.user(userId), PUSH_EVENTS.USER_UPDATED, reloadUser)
  useRealtimeEvent(
    userId === null ? null : CHANNELS.notification(userId),
    PUSH_EVENTS.NOTIFICATION_MESSAGE,
    reloadUser,
  )

  // A sign-out in another tab or a 401 clears the session while this page is open: follow it to /.
  if (!signedIn) return <Navigate to="/" replace />
  return (
    <AccountGate onSignedOut={() => void navigate({ to: '/' })}>
      <Outlet />
    </AccountGate>
  )
}
