// Renders a marketplace or notification component the way the app does (router, query client, toaster) against a
// fake API: each test answers the calls it cares about and reads back what was sent.
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
import type { Catalog, ExpertAdvisor } from '../../../src/domain/contract/catalog'
import type { User } from '../../../src/domain/contract/user'
import { configureHttp, resetHttpConfig } from '../../../src/lib/http'
import '../components/test-utils'

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

const advisor = (fields: Partial<ExpertAdvisor> & Pick<ExpertAdvisor, 'id' | 'name'>): ExpertAdvisor => ({
  description: `${fields.name} trades for you.`,
  amount_val: 0,
  amount: '0.00',
  image: null,
  type: 'expert_advisor',
  rating: 4,
  downloads: 100,
  required_plan_id: null,
  owned: false,
  available: true,
  running: false,
  ...fields,
})

/** The seed's catalogue in small: one owned free advisor, two to buy, a tool and a Pro-only one. */
export const CATALOG: Catalog = {
  currencies: [
    { code: 'USD', name: 'US Dollar', symbol: '$', rate: 1 },
    { code: 'EUR', name: 'Euro', symbol: '€', rate: 0.92 },
  ],
  plans: [
    {
      id: 1,
      title: 'Basic',
      color: '#3b82f6',
      icon: null,
      image: null,
      leverage: 100,
      features: ['250', '1:100'],
      recommended: false,
    },
    {
      id: 2,
      title: 'Pro',
      color: '#f59e0b',
      icon: null,
      image: null,
      leverage: 200,
      features: ['5000', '1:200'],
      recommended: true,
    },
  ],
  plan_features: [
    { id: 1, title: 'Minimum deposit', kind: 'amount' },
    { id: 2, title: 'Leverage', kind: 'text' },
  ],
  expert_advisors: [
    advisor({ id: 1, name: 'Trend Rider', downloads: 12840, owned: true }),
    advisor({ id: 2, name: 'Scalper Pro', amount_val: 149, amount: '149.00', downloads: 6310 }),
    advisor({ id: 3, name: 'Grid Master', amount_val: 299, amount: '299.00', downloads: 3175 }),
    advisor({ id: 4, name: 'Risk Guard', amount_val: 49, amount: '49.00', downloads: 8920, type: 'others' }),
    advisor({
      id: 5,
      name: 'Quantum Edge',
      amount_val: 499,
      amount: '499.00',
      downloads: 1450,
      required_plan_id: 2,
      available: false,
    }),
  ],
}

export const USER = {
  id: 7,
  eas: [1],
  autotrader: false,
  autotrader_request_status: null,
  balance: 10_000,
  account_type: { id: 1, title: 'Basic', color: '#3b82f6', icon: null, image: null, leverage: 100 },
  notifications: [],
} as unknown as User

export interface SentRequest {
  method: string
  path: string
  body: unknown
}

type Handler = (request: SentRequest) => Response | Promise<Response>

/** The fake API: `answers['POST /purchase/ea']` answers that call; anything unanswered is a 404. */
export function fakeApi() {
  const sent: SentRequest[] = []
  const answers: Record<string, Handler> = {}
  beforeEach(() => {
    sent.length = 0
    for (const key of Object.keys(answers)) delete answers[key]
    answers['GET /catalog'] = () => json(200, { data: CATALOG })
    vi.spyOn(console, 'error').mockImplementation(() => {})
    configureHttp({
      getBaseUrl: () => 'http://localhost/api/v1',
      getToken: () => 'token',
      fetch: (async (url: string, init?: RequestInit) => {
        const path = new URL(url).pathname.replace('/api/v1', '')
        const request = {
          method: init?.method ?? 'GET',
          path,
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
  const marketplace = createRoute({
    getParentRoute: () => root,
    path: '/main/marketplace',
    component: () => <p>Marketplace page</p>,
  })
  const router = createRouter({
    routeTree: root.addChildren([page, marketplace]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return { ...view, queryClient, router }
}
