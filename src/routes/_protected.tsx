import { useQueryClient } from '@tanstack/react-query'
import { createFileRoute, Navigate, Outlet, useLocation, useNavigate } from '@tanstack/react-router'
import { CHANNELS, PUSH_EVENTS, REALTIME_TIMINGS } from '../domain/contract/realtime'
import { ALERT_EVENTS } from '../domain/contract/price-alerts'
import { HttpError } from '../lib/http'
import { sessionStore } from '../lib/session-store'
import { NotificationAlert } from '../features/notifications'
import { useRealtimeEvent, useRealtimeNotices, useRealtimeSession } from '../features/realtime'
import { AccountGate, loadCurrentUser, useInitialData, useSession } from '../features/session'
import { getSiteDataQueryOptions, useSettings } from '../features/site'
import { refreshAlerts, refreshOrders, refreshTrades } from '../features/trading'
import { CustomerUnreadNotifier } from './-chat-realtime'
import { requireSignedIn } from './-guards'

/**
 * Every protected route (docs/product/site-and-gates.md#routes and
 * docs/product/sign-in-and-security.md#roles-and-permissions): a signed-out visitor goes to /.
 */
export const Route = createFileRoute('/_protected')({
  beforeLoad: requireSignedIn,
  component: ProtectedLayout,
})

function ProtectedLayout() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const token = useSession((state) => state.token)
  const userId = useSession((state) => state.user?.id ?? null)
  // A pending or deactivated account may hold only its user channel (decision 0017): that is where its release comes.
  const activeUserId = useSession((state) => (state.user?.status === 'active' ? state.user.id : null))
  const signedIn = useSession((state) => Boolean(state.user && state.token))
  const isCustomer = useSession((state) => state.user?.role === 'customer')
  const settings = useSettings()
  const notifications = useSession((state) => state.user?.notifications)
  const onWorkspace = useLocation({ select: (location) => location.pathname.startsWith('/mt4') })

  // The user and the site data (leverage map), once per login (docs/product/site-and-gates.md#full-screen-states and
  // #site-gate).
  useInitialData(token, () => queryClient.prefetchQuery(getSiteDataQueryOptions()))

  // The browser's one realtime hub (docs/architecture.md#the-realtime-hub): this tab joins it while signed in.
  useRealtimeSession(token, settings.data?.realtime)
  useRealtimeNotices()

  // docs/product/realtime.md#push-channels-and-events: user.updated reloads the user, retrying once after 5 s; a
  // notification push reloads it too (its sound is played by the hub's chosen tab).
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
  // Decision 0020: one of the user's sessions was signed out (from another device's settings, a password change or
  // reset). Only the server knows whether it was this browser's: asked at once, it answers 401 to a revoked token,
  // and the 401 rule clears the session and sends this tab to / (the guard below); any other session's tabs just
  // read their user again.
  useRealtimeEvent(userId === null ? null : CHANNELS.user(userId), PUSH_EVENTS.SESSION_REVOKED, () => {
    loadCurrentUser(queryClient, { fresh: true }).catch((error: unknown) => {
      // The 401 rule spares a few public paths; a revoked session ends here whatever the path.
      if (error instanceof HttpError && error.status === 401) sessionStore.clear()
    })
  })
  // docs/product/api.md#calls: trade.updated reloads open and closed trades, retrying once after 5 s.
  const reloadTrades = () => {
    refreshTrades(queryClient).catch(() => {
      setTimeout(() => {
        refreshTrades(queryClient).catch((error: unknown) => console.error('Failed to reload trades', error))
      }, REALTIME_TIMINGS.REFRESH_RETRY_MS)
    })
  }
  useRealtimeEvent(
    activeUserId === null ? null : CHANNELS.trade(activeUserId),
    PUSH_EVENTS.TRADE_UPDATED,
    reloadTrades,
  )
  // Decision 0034: a pending order placed, changed, filled, cancelled or expired, in this tab or any other.
  useRealtimeEvent(
    activeUserId === null ? null : CHANNELS.trade(activeUserId),
    PUSH_EVENTS.ORDER_UPDATED,
    () => {
      refreshOrders(queryClient).catch((error: unknown) => console.error('Failed to reload orders', error))
    },
  )
  useRealtimeEvent(
    activeUserId === null ? null : CHANNELS.notification(activeUserId),
    PUSH_EVENTS.NOTIFICATION_MESSAGE,
    () => {
      // Its toast is shown once per browser, by the tab the hub picks (useRealtimeNotices); every tab reloads the
      // user, and the alerts, since the notification may be a price alert that fired (decision 0037).
      reloadUser()
      refreshAlerts(queryClient).catch((error: unknown) => console.error('Failed to reload alerts', error))
    },
  )
  // Decision 0037: an alert fired, expired or was cancelled, in this tab or any other.
  useRealtimeEvent(activeUserId === null ? null : CHANNELS.trade(activeUserId), ALERT_EVENTS.UPDATED, () => {
    refreshAlerts(queryClient).catch((error: unknown) => console.error('Failed to reload alerts', error))
  })

  // A sign-out in another tab or a 401 clears the session while this page is open: follow it to /.
  if (!signedIn) return <Navigate to="/" replace />
  return (
    <AccountGate onSignedOut={() => void navigate({ to: '/' })}>
      <Outlet />
      {/* docs/product/chat.md#unread-notifier: the unread chat alert, for customers, off the chat page. */}
      {isCustomer && userId !== null ? <CustomerUnreadNotifier customerId={userId} /> : null}
      {/* docs/product/orders-and-alerts.md#notifications: the first unread notification, on every authenticated screen. */}
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
