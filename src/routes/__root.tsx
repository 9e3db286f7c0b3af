import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { useRestoreSession } from '../features/session'
import { NotFoundPage } from '../features/shell'
import { SiteGate } from '../features/site'
import { PwaUpdatePrompt } from '../features/pwa'
import type { RouterContext } from './-router-context'

// The toaster (sonner, ~10 KB gzip) arrives just after the first paint instead of delaying it.
const Toaster = lazy(() => import('../components/ui/toaster').then((module) => ({ default: module.Toaster })))

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
})

function RootLayout() {
  useRestoreSession()
  return (
    <>
      <SiteGate>
        <Outlet />
      </SiteGate>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
      <PwaUpdatePrompt />
    </>
  )
}
