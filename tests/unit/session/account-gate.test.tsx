import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ReactNode } from 'react'
import { accountGateState } from '../../../src/domain/account/account-gate'
import { useInitialData } from '../../../src/features/session'
import { resetInitialDataFlag } from '../../../src/features/session/hooks/use-initial-data'
import { configureHttp, resetHttpConfig } from '../../../src/lib/http'

describe('account gate states (docs/product/site-and-gates.md#account-gate)', () => {
  it("shows the disabled screen for 'deactivated' and Awaiting Approval for 'pending' on non-public routes", () => {
    expect(accountGateState('/main/dashboard', { status: 'deactivated' })).toBe('disabled')
    expect(accountGateState('/mt4', { status: 'pending' })).toBe('pending')
    expect(accountGateState('/main/dashboard', { status: 'active' })).toBe('content')
  })
  it('never gates a public route or a visitor without a user', () => {
    for (const path of ['/', '/login', '/signup', '/register', '/register/country-residence', '/auto-login'])
      expect(accountGateState(path, { status: 'deactivated' })).toBe('content')
    expect(accountGateState('/main/dashboard', null)).toBe('content')
  })
})

describe('initial data: once per login, 100 ms after mount (docs/product/site-and-gates.md#account-gate)', () => {
  const requests: string[] = []
  const loadOther = vi.fn(async () => {})

  beforeEach(() => {
    vi.useFakeTimers()
    requests.length = 0
    loadOther.mockClear()
    resetInitialDataFlag()
    configureHttp({
      getBaseUrl: () => 'http://localhost/api/v1',
      getToken: () => 'tok',
      fetch: (async (input: RequestInfo | URL) => {
        requests.push(String(input))
        return new Response(JSON.stringify({ message: 'nope' }), { status: 500 })
      }) as typeof fetch,
      log: () => {},
    })
    vi.spyOn(console, 'error').mockImplementation(() => {})
  })
  afterEach(() => {
    resetHttpConfig()
    vi.useRealTimers()
    vi.restoreAllMocks()
  })

  function Probe(props: { token: string | null }) {
    useInitialData(props.token, loadOther)
    return null
  }
  const wrapper = (client: QueryClient) =>
    function Wrapper({ children }: { children: ReactNode }) {
      return <QueryClientProvider client={client}>{children}</QueryClientProvider>
    }

  it('waits 100 ms, loads once, resets when the token goes, and loads again for a new login', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const view = render(<Probe token="tok-1" />, { wrapper: wrapper(client) })
    await act(() => vi.advanceTimersByTimeAsync(99))
    expect(requests).toHaveLength(0)
    await act(() => vi.advanceTimersByTimeAsync(1))
    expect(requests).toEqual(['http://localhost/api/v1/user'])
    expect(loadOther).toHaveBeenCalledTimes(1)

    // Remounting with the same login does not load again.
    view.unmount()
    const again = render(<Probe token="tok-1" />, { wrapper: wrapper(client) })
    await act(() => vi.advanceTimersByTimeAsync(500))
    expect(loadOther).toHaveBeenCalledTimes(1)

    // Signing out resets the flag; the next login loads again.
    again.rerender(<Probe token={null} />)
    await act(() => vi.advanceTimersByTimeAsync(500))
    again.rerender(<Probe token="tok-1" />)
    await act(() => vi.advanceTimersByTimeAsync(100))
    expect(loadOther).toHaveBeenCalledTimes(2)
  })
})
