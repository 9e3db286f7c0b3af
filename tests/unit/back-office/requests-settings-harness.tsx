// Renders a back-office component the way the app does (router, query client, toaster) against a fake API: each
// test answers the calls it cares about and reads back what was sent. For the request queue and settings tests.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { act, render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, vi } from 'vitest'
import { toast, Toaster } from '../../../src/components/ui/toaster'
import { configureHttp, resetHttpConfig } from '../../../src/lib/http'
import '../components/test-utils'

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

export interface SentRequest {
  method: string
  path: string
  search: string
  body: unknown
}

type Handler = (request: SentRequest) => Response | Promise<Response>

/** The fake API: `answers['PATCH /admin/settings']` answers that call; anything unanswered is a 404. */
export function fakeApi() {
  const sent: SentRequest[] = []
  const answers: Record<string, Handler> = {}
  beforeEach(() => {
    sent.length = 0
    for (const key of Object.keys(answers)) delete answers[key]
    vi.spyOn(console, 'error').mockImplementation(() => {})
    configureHttp({
      getBaseUrl: () => 'http://localhost/api/v1',
      getToken: () => 'token',
      fetch: (async (url: string, init?: RequestInit) => {
        const parsed = new URL(url)
        const path = parsed.pathname.replace('/api/v1', '')
        const request = {
          method: init?.method ?? 'GET',
          path,
          search: parsed.search,
          body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
        }
        sent.push(request)
        const handler = answers[`${request.method} ${path}`]
        return handler ? handler(request) : json(404, { message: 'Not found' })
      }) as typeof fetch,
    })
  })
  afterEach(() => {
    act(() => toast.dismiss())
    resetHttpConfig()
    vi.restoreAllMocks()
  })
  return { sent, answers }
}

export function renderWithApp(ui: () => ReactNode) {
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
  const page = createRoute({ getParentRoute: () => root, path: '/', component: ui })
  const client = createRoute({
    getParentRoute: () => root,
    path: '/admin/clients/$userId',
    component: () => <p>Client page</p>,
  })
  const router = createRouter({
    routeTree: root.addChildren([page, client]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return { ...view, queryClient, router }
}
