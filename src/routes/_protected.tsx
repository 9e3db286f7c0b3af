import { useQueryClient } from '@tanstack/react-query'
import { createFileRoute, Navigate, Outlet, useNavigate } from '@tanstack/react-router'
import { AccountGate, useInitialData, useSession } from '../features/session'
import { getSiteDataQueryOptions } from '../features/site'
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
  const signedIn = useSession((state) => Boolean(state.user && state.token))
  // The user and the site data (leverage map), once per login (spec 2.6 and 4).
  useInitialData(token, () => queryClient.prefetchQuery(getSiteDataQueryOptions()))

  // A sign-out in another tab or a 401 clears the session while this page is open: follow it to /.
  if (!signedIn) return <Navigate to="/" replace />
  return (
    <AccountGate onSignedOut={() => void navigate({ to: '/' })}>
      <Outlet />
    </AccountGate>
  )
}
