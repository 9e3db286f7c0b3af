import { useQueryClient } from '@tanstack/react-query'
import { createFileRoute, Outlet, redirect, useLocation, useNavigate } from '@tanstack/react-router'
import {
  ADMIN_CHANNEL,
  ADMIN_PRESENCE_CHANNEL,
  BACK_OFFICE_EVENTS,
  ClientUpdatedEventSchema,
} from '../../../domain/contract/back-office-events'
import { USER_ROLE } from '../../../domain/contract/user-constants'
import { DEFAULT_SITE_NAME } from '../../../domain/site/site-state'
import { AdminShell, BACK_OFFICE_KEYS, useRequestsSummary } from '../../../features/back-office'
import { LiveStatus, usePresenceMembers, useRealtimeEvent } from '../../../features/realtime'
import { useLogout, useSession } from '../../../features/session'
import { useSettings } from '../../../features/site'

/** The back office (decision 0017): admins only; a customer who opens any /admin page goes to /main. */
export const Route = createFileRoute('/_protected/admin')({
  beforeLoad: ({ context }) => {
    if (context.session.getState().user?.role !== USER_ROLE.ADMIN)
      throw redirect({ to: '/main', replace: true })
  },
  component: AdminLayout,
})

function AdminLayout() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const settings = useSettings()
  const isAdmin = useSession((state) => state.user?.role === USER_ROLE.ADMIN)
  const adminName = useSession((state) => state.user?.name ?? '')
  const logout = useLogout()
  const summary = useRequestsSummary()
  const onChat = useLocation({ select: (location) => location.pathname.startsWith('/admin/chat') })

  // Every admin tab hears what changed, whoever changed it: the queue and its count, and the client whose account,
  // positions or balance moved (their page and the chat console's panel refetch).
  useRealtimeEvent(isAdmin ? ADMIN_CHANNEL : null, BACK_OFFICE_EVENTS.REQUESTS_CHANGED, () => {
    void queryClient.invalidateQueries({ queryKey: BACK_OFFICE_KEYS.requests })
    void queryClient.invalidateQueries({ queryKey: BACK_OFFICE_KEYS.clients })
  })
  useRealtimeEvent(isAdmin ? ADMIN_CHANNEL : null, BACK_OFFICE_EVENTS.CLIENT_UPDATED, (data) => {
    const event = ClientUpdatedEventSchema.safeParse(data)
    void queryClient.invalidateQueries({
      queryKey: event.success ? BACK_OFFICE_KEYS.client(event.data.user_id) : BACK_OFFICE_KEYS.clients,
    })
    void queryClient.invalidateQueries({ queryKey: BACK_OFFICE_KEYS.audit })
  })

  // Every back-office page keeps this admin on presence-admin.online (decision 0036), so the overview's Staff online
  // lists whoever has the back office open, whichever page they are on.
  usePresenceMembers(isAdmin ? ADMIN_PRESENCE_CHANNEL : null)

  // The session changed to a customer while the page was open (another tab signed in as one).
  if (!isAdmin) return null
  return (
    <AdminShell
      siteName={settings.data?.name ?? DEFAULT_SITE_NAME}
      adminName={adminName}
      pendingRequests={summary.data?.pending}
      // The chat console shows the connection in its own header, in docs/product/chat.md#admin-console's words: once
      // on screen is enough.
      status={onChat ? null : <LiveStatus />}
      loggingOut={logout.isPending}
      onLogout={() => logout.mutate(undefined, { onSettled: () => void navigate({ to: '/' }) })}
      fill={onChat}
      siteDisabled={settings.data?.status === 'disabled'}
    >
      <Outlet />
    </AdminShell>
  )
}
