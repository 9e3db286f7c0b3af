import { createFileRoute, Outlet, useNavigate } from '@tanstack/react-router'
import { ConnectionIndicator } from '../../../features/realtime'
import { useLogout, useSession } from '../../../features/session'
import { AppShell } from '../../../features/shell'
import { useSettings } from '../../../features/site'
import { DEFAULT_SITE_NAME } from '../../../domain/site/site-state'

export const Route = createFileRoute('/_protected/main')({
  component: MainLayout,
})

function MainLayout() {
  const navigate = useNavigate()
  const settings = useSettings()
  const user = useSession((state) => state.user)
  const logout = useLogout()
  return (
    <AppShell
      siteName={settings.data?.name ?? DEFAULT_SITE_NAME}
      hasMarketplace={settings.data?.has_marketplace ?? false}
      user={user ? { name: user.name, email: user.email, accountId: user.account_id } : null}
      loggingOut={logout.isPending}
      status={<ConnectionIndicator />}
      onLogout={() => logout.mutate(undefined, { onSettled: () => void navigate({ to: '/' }) })}
    >
      <Outlet />
    </AppShell>
  )
}
