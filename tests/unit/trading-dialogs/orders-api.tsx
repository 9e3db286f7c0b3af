// The pending order dialogs and the Active Orders panel call the API through TanStack Query: this renders them with
// a query client and the toaster, against a fake API where each test answers the calls it cares about and reads
// back what was sent, headers included.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, vi } from 'vitest'
import { toast, Toaster } from '../../../src/components/ui/toaster'
import type { Order } from '../../../src/domain/contract/orders'
import { configureHttp, resetHttpConfig } from '../../../src/lib/http'
import '../components/test-utils'

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

export interface SentRequest {
  method: string
  path: string
  query: string
  body: unknown
  headers: Record<string, string>
}

type Handler = (request: SentRequest) => Response | Promise<Response>

/** The fake API: `answers['POST /orders']` answers that call; anything unanswered is a 404. */
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
        const request: SentRequest = {
          method: init?.method ?? 'GET',
          path,
          query: parsed.search,
          body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
          headers: { ...(init?.headers as Record<string, string>) },
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

export function renderWithQuery(ui: ReactNode) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  })
  const view = render(
    <QueryClientProvider client={queryClient}>
      {ui}
      <Toaster />
    </QueryClientProvider>,
  )
  return { ...view, queryClient }
}

/** A page of GET /orders as the server answers it. */
export function ordersPage(data: readonly Order[], page = 1, lastPage = 1) {
  return {
    data,
    meta: { current_page: page, last_page: lastPage, per_page: 20, total: data.length },
    links: { next: page < lastPage ? `/orders?page=${page + 1}` : null },
  }
}

/** A pending EUR/USD buy limit; each test changes what it is about. */
export function pendingOrder(fields: Partial<Order> = {}): Order {
  const id = fields.id ?? 41
  return {
    id,
    order_id: `O${String(id).padStart(7, '0')}`,
    asset_id: 'eurusd',
    asset_symbol: 'EURUSD',
    trade_type: 'buy',
    order_type: 'limit',
    price: 1.08412,
    volume: 10_000,
    qty: 0.1,
    take_profit: 0,
    stop_loss: 0,
    trailing_stop: 0,
    expires_at: null,
    status: 'pending',
    trade_id: null,
    created_at: '2026-07-15T09:30:00.000Z',
    closed_at: null,
    reason: null,
    ...fields,
  }
}
