// Component harness for the chat: a query client, the toaster, and the layout jsdom lacks. The virtualised list
// needs sizes: every element reports a 400 px high view and every row 60 px, so a window of rows renders.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { Toaster } from '../../../src/components/ui/toaster'
import '../components/test-utils'

export const VIEW_PX = 400
export const ROW_PX = 60

export function stubLayout() {
  const define = (name: string, get: (this: HTMLElement) => number) =>
    Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get })
  define('clientHeight', () => VIEW_PX)
  define('clientWidth', () => 600)
  define('offsetHeight', () => ROW_PX)
  define('offsetWidth', () => 600)
  define('scrollHeight', function scrollHeight() {
    // The scroll box's content: the virtualiser's inner element carries the total height inline.
    const inner = this.firstElementChild as HTMLElement | null
    const height = inner ? Number.parseFloat(inner.style.height || '0') : 0
    return Math.max(height, VIEW_PX)
  })
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

export function renderWithClient(ui: ReactNode) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  })
  const result = render(
    <QueryClientProvider client={queryClient}>
      {ui}
      <Toaster />
    </QueryClientProvider>,
  )
  return { ...result, queryClient }
}
