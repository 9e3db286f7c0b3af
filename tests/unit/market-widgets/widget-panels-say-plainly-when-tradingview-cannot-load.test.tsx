// The panels with their real <script> elements. jsdom does not fetch scripts, so a test fires the error or load
// event on the element the panel appended, as a browser does when the request fails or the script has run.
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  ECONOMIC_CALENDAR_SCRIPT_SRC,
  EconomicCalendar,
  MARKET_NEWS_SCRIPT_SRC,
  MarketNews,
  WIDGET_MESSAGES,
} from '../../../src/features/market-widgets'
import { expectNoA11yViolations } from '../components/test-utils'

const scriptOf = (panel: HTMLElement) => {
  const script = panel.querySelector('script')
  if (!script) throw new Error('No script in the panel')
  return script
}

const fire = (script: HTMLScriptElement, type: 'load' | 'error') =>
  act(async () => {
    script.dispatchEvent(new Event(type))
  })

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('EconomicCalendar', () => {
  it('has no accessibility violations while loading and after a failure', async () => {
    const { container } = render(<EconomicCalendar />)
    await expectNoA11yViolations(container)
    await fire(scriptOf(container), 'error')
    await expectNoA11yViolations(container)
  })

  it('loads TradingView’s events widget with its settings, saying so while it loads', () => {
    render(<EconomicCalendar />)
    const panel = screen.getByRole('region', { name: 'Economic calendar' })
    expect(screen.getByRole('status')).toHaveTextContent(WIDGET_MESSAGES.CALENDAR_LOADING)
    expect(panel).toHaveAttribute('aria-busy', 'true')
    const script = scriptOf(panel)
    expect(script.src).toBe(ECONOMIC_CALENDAR_SCRIPT_SRC)
    expect(JSON.parse(script.textContent!)).toMatchObject({
      importanceFilter: '-1,0,1',
      countryFilter: expect.stringMatching(/^(?:[a-z]{2},){18}[a-z]{2}$/),
    })
    // TradingView draws into the widget slot beside its script.
    expect(script.previousElementSibling).toHaveClass('tradingview-widget-container__widget')
  })

  it('says plainly that the calendar could not load when the script fails, and retries', async () => {
    const user = userEvent.setup()
    render(<EconomicCalendar />)
    const panel = screen.getByRole('region', { name: 'Economic calendar' })
    const failed = scriptOf(panel)
    await fire(failed, 'error')

    expect(screen.getByRole('alert')).toHaveTextContent(WIDGET_MESSAGES.CALENDAR_FAILED)
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
    expect(panel.querySelector('script')).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect(screen.getByRole('status')).toHaveTextContent(WIDGET_MESSAGES.CALENDAR_LOADING)
    const second = scriptOf(panel)
    expect(second).not.toBe(failed)

    await fire(second, 'load')
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(panel).toHaveAttribute('aria-busy', 'false')
    expect(scriptOf(panel)).toBe(second)
  })

  it('gives up after 10 s when the script never answers', async () => {
    vi.useFakeTimers()
    render(<EconomicCalendar />)
    await act(async () => {
      vi.advanceTimersByTime(9_999)
    })
    expect(screen.getByRole('status')).toHaveTextContent(WIDGET_MESSAGES.CALENDAR_LOADING)
    await act(async () => {
      vi.advanceTimersByTime(1)
    })
    expect(screen.getByRole('alert')).toHaveTextContent(WIDGET_MESSAGES.CALENDAR_FAILED)
  })

  it('removes its script when it unmounts while loading', () => {
    const { container, unmount } = render(<EconomicCalendar />)
    const script = scriptOf(container)
    unmount()
    expect(script.isConnected).toBe(false)
  })
})

describe('MarketNews', () => {
  it('has no accessibility violations after a failure', async () => {
    const { container } = render(<MarketNews />)
    await fire(scriptOf(container), 'error')
    await expectNoA11yViolations(container)
  })

  it('loads TradingView’s timeline and says plainly when it cannot', async () => {
    render(<MarketNews />)
    const panel = screen.getByRole('region', { name: 'Market news' })
    expect(screen.getByRole('status')).toHaveTextContent(WIDGET_MESSAGES.NEWS_LOADING)
    const script = scriptOf(panel)
    expect(script.src).toBe(MARKET_NEWS_SCRIPT_SRC)
    expect(JSON.parse(script.textContent!)).toMatchObject({ feedMode: 'all_symbols', colorTheme: 'dark' })

    await fire(script, 'error')
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Market news could not be loaded. It comes from TradingView and needs an internet connection.',
    )
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument()
  })
})
