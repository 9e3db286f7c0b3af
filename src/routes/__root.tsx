import { createRootRouteWithContext, Outlet, useLocation } from '@tanstack/react-router'
import { useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useSyncExternalStore } from 'react'
import { toasterDemand } from '../components/ui/toaster-demand'
import { SITE_CHANNEL, SITE_EVENTS } from '../domain/contract/site-constants'
import { useRealtimeEvent } from '../features/realtime'
import { useRestoreSession, useSession } from '../features/session'
import { settingsQueryKey, SiteGate } from '../features/site'
import { PwaUpdatePrompt } from '../features/pwa'
import type { RouterContext } from './-router-context'

// The toaster (sonner, ~10 KB gzip) arrives once something on the page can toast (toaster-demand.ts): the login
// page never downloads it.
const Toaster = lazy(() => import('../components/ui/toaster').then((module) => ({ default: module.Toaster })))
// A mistyped address is rare: its page is fetched when one happens, and the entry every first visit downloads stays
// within the login route's budget (decision 0025).
const NotFoundPage = lazy(() =>
  import('../features/shell/components/not-found-page').then((module) => ({ default: module.NotFoundPage })),
)

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: () => (
    <Suspense fallback={null}>
      <NotFoundPage />
    </Suspense>
  ),
})

function RootLayout() {
  useRestoreSession()
  // A disabled site stays open to its staff (the sign-in page and signed-in admins), or nobody could switch it back
  // on from the back office.
  const isAdmin = useSession((state) => state.user?.role === 'admin' && Boolean(state.token))
  const onSignInPage = useLocation({ select: (location) => location.pathname === '/login' })
  const queryClient = useQueryClient()
  const signedIn = useSession((state) => Boolean(state.user && state.token))
  const toasterWanted = useSyncExternalStore(toasterDemand.subscribe, toasterDemand.isWanted)
  // An admin changed the site settings (decision 0017): every open client reads them again, so a disabled site shows
  // its maintenance screen, and a lifted one releases it, without a reload. Heard here, above the gate, so the
  // maintenance screen itself is released too (while the tab keeps its realtime connection).
  useRealtimeEvent(signedIn ? SITE_CHANNEL : null, SITE_EVENTS.SETTINGS_UPDATED, () => {
    void queryClient.invalidateQueries({ queryKey: settingsQueryKey })
  })
  return (
    <>
      <SiteGate staffAccess={isAdmin || onSignInPage}>
        <Outlet />
      </SiteGate>
      {toasterWanted ? (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      ) : null}
      <PwaUpdatePrompt />
    </>
  )
}
