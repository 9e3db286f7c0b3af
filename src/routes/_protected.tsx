import { createFileRoute, Navigate, Outlet } from '@tanstack/react-router'
import { useSession } from '../features/session'
import { requireSignedIn } from './-guards'

/** Every protected route (spec 2.1 and 6): a signed-out visitor goes to /. */
export const Route = createFileRoute('/_protected')({
  beforeLoad: requireSignedIn,
  component: ProtectedLayout,
})

function ProtectedLayout() {
  // A sign-out in another tab or a 401 clears the session while this page is open: follow it to /.
  const signedIn = useSession((state) => Boolean(state.user && state.token))
  if (!signedIn) return <Navigate to="/" replace />
  return <Outlet />
}
