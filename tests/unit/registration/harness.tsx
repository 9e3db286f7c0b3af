// Renders a sign-up page the way the app does: inside a router (the pages hold Links), a query client and the
// toaster; with jsdom's missing browser APIs stubbed and the viewport chosen.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { vi } from 'vitest'
import { Toaster } from '../../../src/components/ui/toaster'
import type { SiteSettings } from '../../../src/domain/contract/site'
import '../components/test-utils'

export const SETTINGS = {
  name: 'Acme Markets',
  logo: null,
  logo_sm: null,
  website_url: 'https://acme.example',
  header_text: 'Zero commission this month',
  footer_text: 'Acme Markets Ltd is regulated.',
  terms_url: '/legal/terms',
  privacy_url: '/legal/privacy',
  risk_url: null,
  help_url: '/help',
} satisfies Partial<SiteSettings> as SiteSettings

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

/** Below 768 px or not (the pages read the layout from matchMedia). */
export function setViewport(mobile: boolean) {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: mobile,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  )
  // The router restores scroll on navigation; jsdom only logs "not implemented".
  vi.stubGlobal('scrollTo', () => {})
}

export function renderPage(page: () => ReactNode, path = '/page') {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  })
  const root = createRootRoute({
    component: () => (
      <>
        <Outlet />
        <Toaster />
      </>
    ),
  })
  const routes = [
    createRoute({ getParentRoute: () => root, path, component: page }),
    createRoute({ getParentRoute: () => root, path: '/', component: () => <p>Login page</p> }),
  ]
  const router = createRouter({
    routeTree: root.addChildren(routes),
    history: createMemoryHistory({ initialEntries: [path] }),
  })
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
}
