// The site gate against a stubbed network: the states of docs/product/site-and-gates.md#full-screen-states and
// #account-gate as a visitor sees them.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SiteGate } from '../../../src/features/site'
import { DEFAULT_LEVERAGE_MAP } from '../../../src/domain/site/site-state'
import { STORAGE_KEYS } from '../../../src/domain/storage-keys'
import { configureHttp, resetHttpConfig } from '../../../src/lib/http'
import { readSettingsCache } from '../../../src/lib/settings-cache'

const SETTINGS = {
  name: 'Acme Markets',
  status: 'active',
  maintenanceMessage: null,
  contactEmail: 'desk@acme.example',
  website_url: null,
  logo: null,
  logo_sm: null,
  favicon: null,
  has_marketplace: true,
  r_page: 'basic',
  require_approval: true,
  header_text: null,
  footer_text: null,
  terms_url: null,
  privacy_url: null,
  risk_url: null,
  help_url: null,
  leverage: DEFAULT_LEVERAGE_MAP,
}

let answer: () => Response
const respondWith = (status: number, body: unknown) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

function renderGate() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <QueryClientProvider client={queryClient}>
      <SiteGate>
        <p>Site content</p>
      </SiteGate>
    </QueryClientProvider>,
  )
}

beforeEach(() => {
  localStorage.clear()
  vi.spyOn(console, 'error').mockImplementation(() => {})
  configureHttp({
    getBaseUrl: () => 'http://localhost/api/v1',
    fetch: (async () => answer()) as typeof fetch,
  })
})
afterEach(() => {
  resetHttpConfig()
  vi.restoreAllMocks()
  vi.useRealTimers()
})

describe('site gate', () => {
  it('plays the splash on a first visit, then shows content and caches the settings', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false })
    answer = respondWith(200, { data: SETTINGS })
    renderGate()
    expect(screen.getByText('Loading market data...')).toBeInTheDocument()
    // The default name shows until the settings arrive.
    expect(screen.getByRole('heading', { name: 'CFD Trader' })).toBeInTheDocument()
    await act(() => vi.advanceTimersByTimeAsync(100))
    expect(screen.getByRole('heading', { name: 'Acme Markets' })).toBeInTheDocument()
    expect(screen.queryByText('Site content')).not.toBeInTheDocument()
    await act(() => vi.advanceTimersByTimeAsync(3000))
    expect(screen.getByText('Site content')).toBeInTheDocument()
    expect(document.title).toBe('Acme Markets')
    expect(readSettingsCache()).toMatchObject({
      initialized: true,
      error: null,
      settings: { name: 'Acme Markets' },
    })
  })

  it('skips the splash when the settings are cached', async () => {
    localStorage.setItem(
      STORAGE_KEYS.SITE_SETTINGS,
      JSON.stringify({ settings: SETTINGS, error: null, initialized: true, lastFetched: Date.now() }),
    )
    answer = respondWith(200, { data: SETTINGS })
    renderGate()
    expect(screen.getByText('Site content')).toBeInTheDocument()
    expect(screen.queryByText('Loading market data...')).not.toBeInTheDocument()
  })

  it('shows Site Unreachable when the settings fail, clears the cache, and Try Again recovers', async () => {
    localStorage.setItem(
      STORAGE_KEYS.SITE_SETTINGS,
      JSON.stringify({ settings: SETTINGS, error: null, initialized: true, lastFetched: 1 }),
    )
    answer = () => {
      throw new TypeError('Failed to fetch')
    }
    renderGate()
    expect(await screen.findByRole('heading', { name: 'Site Unreachable' })).toBeInTheDocument()
    expect(readSettingsCache()).toMatchObject({
      settings: null,
      initialized: true,
      error: 'Failed to fetch site settings. The site might be unreachable.',
    })

    answer = respondWith(200, { data: SETTINGS })
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }))
    expect(await screen.findByText('Site content')).toBeInTheDocument()
  })

  it('keeps Site Unreachable, never the splash, while Try Again asks again', async () => {
    // A first visit: no cached settings, so the query has no data to fall back on while it refetches.
    answer = () => {
      throw new TypeError('Failed to fetch')
    }
    vi.useFakeTimers()
    renderGate()
    await act(() => vi.advanceTimersByTimeAsync(3100))
    expect(screen.getByRole('heading', { name: 'Site Unreachable' })).toBeInTheDocument()

    let failAgain = () => {}
    answer = () => {
      throw new TypeError('Failed to fetch')
    }
    const pending = new Promise<void>((resolve) => (failAgain = resolve))
    configureHttp({
      getBaseUrl: () => 'http://localhost/api/v1',
      fetch: (async () => {
        await pending
        return answer()
      }) as typeof fetch,
    })
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }))
    await act(() => vi.advanceTimersByTimeAsync(500))
    // docs/product/api.md#errors: initialised once the first fetch has failed, so the splash does not come back.
    expect(screen.queryByText('Loading market data...')).not.toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Site Unreachable' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Try Again' })).toHaveAttribute('aria-busy', 'true')

    failAgain()
    await act(() => vi.advanceTimersByTimeAsync(100))
    expect(screen.getByRole('heading', { name: 'Site Unreachable' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Try Again' })).not.toHaveAttribute('aria-busy')
  })

  it('shows Site Temporarily Disabled with the message and mail link; Check Status releases it', async () => {
    localStorage.setItem(
      STORAGE_KEYS.SITE_SETTINGS,
      JSON.stringify({ settings: SETTINGS, error: null, initialized: true, lastFetched: 1 }),
    )
    answer = respondWith(200, {
      data: { ...SETTINGS, status: 'disabled', maintenanceMessage: 'Upgrading servers.' },
    })
    renderGate()
    expect(await screen.findByRole('heading', { name: 'Site Temporarily Disabled' })).toBeInTheDocument()
    expect(screen.getByText('Upgrading servers.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'desk@acme.example' })).toHaveAttribute(
      'href',
      'mailto:desk@acme.example',
    )

    answer = respondWith(200, { data: SETTINGS })
    await userEvent.click(screen.getByRole('button', { name: 'Check Status' }))
    expect(await screen.findByText('Site content')).toBeInTheDocument()
  })

  it('treats an answer that breaks the contract as unreachable', async () => {
    answer = respondWith(200, { data: { name: 7 } })
    vi.useFakeTimers()
    renderGate()
    await act(() => vi.advanceTimersByTimeAsync(3100))
    expect(screen.getByRole('heading', { name: 'Site Unreachable' })).toBeInTheDocument()
  })
})
