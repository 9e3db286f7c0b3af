import { createFileRoute, Outlet, useNavigate } from '@tanstack/react-router'
import { RenderAfterFirstPaint } from '../../../components/render-after-first-paint'
import { LiveStatus } from '../../../features/realtime'
import { useLogout, useSession } from '../../../features/session'
import { AppShell } from '../../../features/shell'
import { useSettings } from '../../../features/site'
import { DEFAULT_SITE_NAME } from '../../../domain/site/site-state'
import { useFundsLiveUpdates } from '../../-funds-realtime'

export const Route = createFileRoute('/_protected/main')({
  component: MainLayout,
})

function MainLayout() {
  const navigate = useNavigate()
  const settings = useSettings()
  const user = useSession((state) => state.user)
  const logout = useLogout()
  // Deposits, withdrawals and savings change live on every account page (the dashboard lists them too).
  useFundsLiveUpdates()
  return (
    <AppShell
      siteName={settings.data?.name ?? DEFAULT_SITE_NAME}
      hasMarketplace={settings.data?.has_marketplace ?? false}
      user={user ? { name: user.name, email: user.email, accountId: user.account_id } : null}
      loggingOut={logout.isPending}
      status={<LiveStatus />}
      onLogout={() => logout.mutate(undefined, { onSettled: () => void navigate({ to: '/' }) })}
    >
      {/* The account frame paints first; the page renders after it, in slices (decision 0043). */}
      <RenderAfterFirstPaint>
        <Outlet />
      </RenderAfterFirstPaint>
    </AppShell>
  )
}
