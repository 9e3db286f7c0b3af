import { useQueryClient } from '@tanstack/react-query'
import { createFileRoute, Navigate, Outlet, useLocation, useNavigate } from '@tanstack/react-router'
import { CHANNELS, PUSH_EVENTS, REALTIME_TIMINGS } from '../domain/contract/realtime'
import { NotificationAlert } from '../features/notifications'
import { useRealtimeEvent, useRealtimeNotices, useRealtimeSession } from '../features/realtime'
import { AccountGate, loadCurrentUser, useInitialData, useSession } from '../features/session'
import { getSiteDataQueryOptions, useSettings } from '../features/site'
import { refreshTrades } from '../features/trading'
import { CustomerUnreadNotifier } from './-chat-realtime'
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
  const isCustomer = useSession((state) => state.user?.role === 'customer')
  const settings = useSettings()
  const notifications = useSession((state) => state.user?.notifications)
  const onWorkspace = useLocation({ select: (location) => location.pathname.startsWith('/mt4') })

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
  // Spec 7: trade.updated reloads open and closed trades, retrying once after 5 s.
  const reloadTrades = () => {
    refreshTrades(queryClient).catch(() => {
      setTimeout(() => {
        refreshTrades(queryClient).catch((error: unknown) => console.error('Failed to reload trades', error))
      }, REALTIME_TIMINGS.REFRESH_RETRY_MS)
    })
  }
  useRealtimeEvent(userId === null ? null : CHANNELS.trade(userId), PUSH_EVENTS.TRADE_UPDATED, reloadTrades)
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
      {/* Spec 2.9: the unread chat alert, for customers, off the chat page. */}
      {isCustomer && userId !== null ? <CustomerUnreadNotifier customerId={userId} /> : null}
      {/* Spec 4: the first unread notification, on every authenticated screen. */}
      {notifications ? (
        <NotificationAlert
          notifications={notifications}
          placement={onWorkspace ? 'workspace' : 'page'}
          onRead={() => loadCurrentUser(queryClient, { fresh: true })}
        />
      ) : null}
    </AccountGate>
  )
}
