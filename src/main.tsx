// First: before any module builds a zod schema.
import './domain/contract/zod-jitless'
import { QueryClientProvider } from '@tanstack/react-query'
import { createRouter, RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouteErrorPage } from './features/shell'
import './index.css'
import { releaseBootSplashOnFirstRender } from './lib/boot-splash'
import { configureHttp } from './lib/http'
import { keepOfflineCopiesWhenSignedIn } from './lib/offline-copies-start'
import { createQueryClient } from './lib/query-client'
import { sessionStore } from './lib/session-store'
// Follows the stored theme across tabs and the system's switch (public/theme-init.js applied it before the paint).
import './lib/theme-store'
import { routeTree } from './routeTree.gen'

const queryClient = createQueryClient()

const router = createRouter({
  routeTree,
  context: { queryClient, session: sessionStore },
  defaultPreload: 'intent',
  // Query owns caching; the router only asks it (TanStack's recommended split): a hover or a navigation runs the
  // page's loader every time, and ensureQueryData answers from the cache while it holds the data (decision 0042).
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
  defaultErrorComponent: RouteErrorPage,
})

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router
  }
}

configureHttp({
  getToken: () => sessionStore.getState().token,
  getPathname: () => router.state.location.pathname,
  onSessionExpired: () => {
    sessionStore.clear()
    queryClient.removeQueries({ queryKey: ['user'] })
    void router.navigate({ to: '/', replace: true })
  },
})

// Sign-in or sign-out in another tab: re-run the guards of the page this tab shows.
sessionStore.subscribe(() => void router.invalidate())

// What the workspace shows offline (decision 0021): for a signed-in page only; queries that fail before it has loaded
// get their copies when it starts.
keepOfflineCopiesWhenSignedIn({ queryClient, session: sessionStore })

const rootElement = document.getElementById('root')
if (!rootElement) throw new Error('index.html lacks #root')
releaseBootSplashOnFirstRender(rootElement)

createRoot(rootElement).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
)
