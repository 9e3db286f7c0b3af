import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as numbers from '../../../src/domain/format/numbers'
import { PRICE_FLASH_MS } from '../../../src/domain/market/live-prices'
import { WorkspaceMarketWatch } from '../../../src/features/trading/components/market-watch'
import { createLivePriceStore } from '../../../src/lib/live-prices'
import { expectNoA11yViolations } from '../components/test-utils'
import { listedAsset, MARKET_WATCH_ASSETS } from '../support/assets'
import { installFakeIntersectionObserver } from '../support/fake-intersection-observer'

// Counts the price formatting of each render, to see which rows a tick re-renders.
vi.mock('../../../src/domain/format/numbers', async (importOriginal) => {
  const actual = await importOriginal<typeof numbers>()
  return { ...actual, formatPrice: vi.fn(actual.formatPrice) }
})

const ASSETS = MARKET_WATCH_ASSETS

function setup(overrides: Partial<Parameters<typeof WorkspaceMarketWatch>[0]> = {}) {
  const store = createLivePriceStore()
  store.setAssets(ASSETS)
  const props = {
    assets: ASSETS,
    store,
    activeAssetId: 'btcusd',
    savedAssetIds: new Set<string>(),
    onToggleSaved: vi.fn(),
    onSelect: vi.fn(),
    ...overrides,
  }
  const view = render(<WorkspaceMarketWatch {...props} />)
  return { ...view, props, store }
}

const visibleRowIds = () =>
  screen
    .queryAllByTestId(/^watch-row-/)
    .map((row) => row.getAttribute('data-testid')?.replace('watch-row-', ''))

// jsdom lays nothing out: every element reports a 400 px high view, so the virtualised list renders a window of rows
// (the four assets of most tests and their headings fit in it).
const VIEW_PX = 400
beforeEach(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => VIEW_PX })
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight
})

describe('WorkspaceMarketWatch', () => {
  it('has no accessibility violations, with the search open too', async () => {
    const { container } = setup({ savedAssetIds: new Set(['eurusd']) })
    await expectNoA11yViolations(container)
    await userEvent.click(screen.getByRole('button', { name: 'Search assets' }))
    await expectNoA11yViolations(container)
  }, 20_000) // two axe runs over a table: slow on a busy machine

  it('shows Symbol, Bid (sell price) and Ask (buy price) with 3 decimals, grouped by asset type', () => {
    setup()
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Symbol',
      'Bid',
      'Ask',
      'Watchlist',
    ])
    expect(screen.getByTestId('watch-bid-btcusd')).toHaveTextContent('66,933.000')
    expect(screen.getByTestId('watch-ask-btcusd')).toHaveTextContent('67,067.000')
    expect(screen.getByTestId('watch-bid-eurusd')).toHaveTextContent('1.099')
    // Every price column reserves the list's widest price ('67,067.000', 10 characters) and one more, so the columns
    // keep their width whichever rows the window holds.
    expect(screen.getByTestId('watch-ask-eurusd').style.minWidth).toBe('calc(11ch + 0.75rem)')
    // Groups follow the spec's type order: forex, stocks, crypto, commodities, indices, metals.
    // Each type's heading is a row of its own, headed by the type's name across the four columns.
    const headings = screen
      .getAllByRole('rowheader')
      .filter((th) => (th as HTMLTableCellElement).colSpan === 4)
      .map((th) => th.textContent)
    expect(headings).toEqual(['Forex', 'Crypto', 'Indices', 'Metals'])
    expect(visibleRowIds()).toEqual(['eurusd', 'btcusd', 'us500', 'xauusd'])
  })

  it('re-renders only the ticked row and flashes it up, then down, clearing 2.2 s after the last change', () => {
    vi.useFakeTimers()
    const { store } = setup()
    const format = vi.mocked(numbers.formatPrice)
    format.mockClear()

    act(() => {
      store.applyBatch([{ id: 'btcusd', price: 68_000 }], 1_000)
    })
    // One row rendered: its bid and ask, nothing else.
    expect(format.mock.calls.map(([price]) => price)).toEqual([68_000 * 0.999, 68_000 * 1.001])
    const row = screen.getByTestId('watch-row-btcusd')
    expect(row).toHaveAttribute('data-flash', 'up')
    expect(within(row).getByRole('img', { name: 'price up' })).toBeVisible()
    expect(screen.getByTestId('watch-bid-btcusd')).toHaveTextContent('67,932.000')
    expect(screen.getByTestId('watch-row-eurusd')).not.toHaveAttribute('data-flash')

    act(() => vi.advanceTimersByTime(PRICE_FLASH_MS - 1))
    expect(row).toHaveAttribute('data-flash', 'up')
    act(() => vi.advanceTimersByTime(1))
    expect(row).not.toHaveAttribute('data-flash')
    expect(within(row).queryByRole('img', { name: /price/ })).not.toBeInTheDocument()

    act(() => {
      store.applyBatch([{ id: 'btcusd', price: 67_500 }], 5_000)
    })
    expect(row).toHaveAttribute('data-flash', 'down')
    expect(within(row).getByRole('img', { name: 'price down' })).toBeVisible()
    // A second change restarts the 2.2 s.
    act(() => vi.advanceTimersByTime(2_000))
    act(() => {
      store.applyBatch([{ id: 'btcusd', price: 67_400 }], 7_000)
    })
    act(() => vi.advanceTimersByTime(2_000))
    expect(row).toHaveAttribute('data-flash', 'down')
    act(() => vi.advanceTimersByTime(200))
    expect(row).not.toHaveAttribute('data-flash')
  })

  it('updates the price cells in place and keeps the flash on through successive changes', () => {
    const { store } = setup()
    const row = screen.getByTestId('watch-row-btcusd')
    const bid = screen.getByTestId('watch-bid-btcusd')
    act(() => {
      store.applyBatch([{ id: 'btcusd', price: 68_000 }], 1_000)
    })
    act(() => {
      store.applyBatch([{ id: 'btcusd', price: 68_100 }], 1_100)
    })
    expect(row).toHaveAttribute('data-flash', 'up')
    // The same cell, updated in place: re-creating cells per tick is what this replaced.
    expect(screen.getByTestId('watch-bid-btcusd')).toBe(bid)
    expect(bid).toHaveTextContent('68,031.900')
  })

  it('does not flash a change that happened before the row mounted', () => {
    const store = createLivePriceStore()
    store.setAssets(ASSETS)
    store.applyBatch([{ id: 'btcusd', price: 68_000 }], 1_000)
    render(
      <WorkspaceMarketWatch
        assets={ASSETS}
        store={store}
        activeAssetId={null}
        savedAssetIds={new Set()}
        onToggleSaved={() => {}}
        onSelect={() => {}}
      />,
    )
    expect(screen.getByTestId('watch-row-btcusd')).not.toHaveAttribute('data-flash')
    expect(screen.getByTestId('watch-bid-btcusd')).toHaveTextContent('67,932.000')
  })

  it('searches by name, symbol or sy, ignoring case, and Escape collapses and clears the search', async () => {
    const user = userEvent.setup()
    setup()
    await user.click(screen.getByRole('button', { name: 'Search assets' }))
    const input = screen.getByRole('searchbox', { name: 'Search assets' })
    expect(input).toHaveFocus()

    await user.type(input, 'BitCoin')
    expect(visibleRowIds()).toEqual(['btcusd'])
    await user.clear(input)
    await user.type(input, 'XauUsd')
    expect(visibleRowIds()).toEqual(['xauusd'])
    await user.clear(input)
    await user.type(input, 'spx')
    expect(visibleRowIds()).toEqual(['us500'])
    await user.clear(input)
    await user.type(input, 'nothing like it')
    expect(visibleRowIds()).toEqual([])
    expect(screen.getByText('No assets found')).toBeInTheDocument()

    await user.keyboard('{Escape}')
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument()
    expect(visibleRowIds()).toHaveLength(4)
    await waitFor(() => expect(screen.getByRole('button', { name: 'Search assets' })).toHaveFocus())

    // Opened again, it starts empty.
    await user.click(screen.getByRole('button', { name: 'Search assets' }))
    expect(screen.getByRole('searchbox', { name: 'Search assets' })).toHaveValue('')
  })

  it('toggles a star with aria-pressed and a label saying what it will do', async () => {
    const user = userEvent.setup()
    const { props, rerender } = setup()
    const add = screen.getByRole('button', { name: 'Add BTC/USD to watchlist' })
    expect(add).toHaveAttribute('aria-pressed', 'false')
    await user.click(add)
    expect(props.onToggleSaved).toHaveBeenCalledWith('btcusd')
    expect(props.onSelect).not.toHaveBeenCalled()

    rerender(<WorkspaceMarketWatch {...props} savedAssetIds={new Set(['btcusd'])} />)
    const remove = screen.getByRole('button', { name: 'Remove BTC/USD from watchlist' })
    expect(remove).toHaveAttribute('aria-pressed', 'true')
    remove.focus()
    await user.keyboard('{Enter}')
    expect(props.onToggleSaved).toHaveBeenCalledTimes(2)
  })

  it('shows only saved assets under Watchlist, with a hint when there are none', async () => {
    const user = userEvent.setup()
    const { props, rerender } = setup()
    await user.click(screen.getByRole('button', { name: 'Watchlist' }))
    expect(screen.getByRole('button', { name: 'Watchlist' })).toHaveAttribute('aria-pressed', 'true')
    expect(visibleRowIds()).toEqual([])
    expect(screen.getByText(/watchlist is empty/i)).toBeInTheDocument()

    rerender(<WorkspaceMarketWatch {...props} savedAssetIds={new Set(['xauusd', 'eurusd'])} />)
    expect(visibleRowIds()).toEqual(['eurusd', 'xauusd'])
    await user.click(screen.getByRole('button', { name: 'All' }))
    expect(visibleRowIds()).toHaveLength(4)
  })

  it('selects an asset by clicking its row or pressing Enter on its symbol, and marks the active one', async () => {
    const user = userEvent.setup()
    const { props } = setup()
    expect(screen.getByRole('button', { name: 'BTC/USD' })).toHaveAttribute('aria-current', 'true')
    expect(screen.getByRole('button', { name: 'EUR/USD' })).not.toHaveAttribute('aria-current')

    await user.click(screen.getByTestId('watch-ask-eurusd'))
    expect(props.onSelect).toHaveBeenLastCalledWith(ASSETS[1])

    screen.getByRole('button', { name: 'XAU/USD' }).focus()
    await user.keyboard('{Enter}')
    expect(props.onSelect).toHaveBeenLastCalledWith(ASSETS[2])
    expect(props.onSelect).toHaveBeenCalledTimes(2)
  })
  it('stops re-rendering a row scrolled out of sight and brings it up to date when it returns', () => {
    const { setOnScreen } = installFakeIntersectionObserver()
    const { store } = setup()
    const btcRow = screen.getByTestId('watch-row-btcusd')
    setOnScreen(btcRow, false)
    const format = vi.mocked(numbers.formatPrice)
    format.mockClear()

    act(() => {
      store.applyBatch(
        [
          { id: 'btcusd', price: 68_000 },
          { id: 'eurusd', price: 1.2 },
        ],
        1_000,
      )
    })
    // Only the row on screen rendered; the hidden one still shows its old price.
    expect(format.mock.calls.map(([price]) => price)).toEqual([1.2 * 0.999, 1.2 * 1.001])
    expect(screen.getByTestId('watch-bid-eurusd')).toHaveTextContent('1.199')
    expect(screen.getByTestId('watch-bid-btcusd')).toHaveTextContent('66,933.000')

    setOnScreen(btcRow, true)
    expect(screen.getByTestId('watch-bid-btcusd')).toHaveTextContent('67,932.000')
    act(() => {
      store.applyBatch([{ id: 'btcusd', price: 69_000 }], 2_000)
    })
    expect(screen.getByTestId('watch-bid-btcusd')).toHaveTextContent('68,931.000')
  })

  it('keeps a row out of sight asleep: no flash and no timer waking it while its asset ticks', () => {
    vi.useFakeTimers()
    const { setOnScreen } = installFakeIntersectionObserver()
    const { store } = setup()
    const btcRow = screen.getByTestId('watch-row-btcusd')
    act(() => {
      store.applyBatch([{ id: 'btcusd', price: 68_000 }], 1_000)
    })
    expect(btcRow).toHaveAttribute('data-flash', 'up')

    // Scrolled away mid-flash: the flash ends at once, and however long its asset keeps ticking the row does not
    // render again (its flash timer would have woken it every 2.2 s).
    setOnScreen(btcRow, false)
    expect(btcRow).not.toHaveAttribute('data-flash')
    const format = vi.mocked(numbers.formatPrice)
    format.mockClear()
    for (let second = 2; second <= 10; second += 1) {
      act(() => {
        store.applyBatch([{ id: 'btcusd', price: 68_000 + second }], second * 1_000)
      })
      act(() => vi.advanceTimersByTime(1_000))
    }
    act(() => vi.advanceTimersByTime(5 * PRICE_FLASH_MS))
    expect(format).not.toHaveBeenCalled()

    // Back on screen: the newest price, as old news (no flash), and the next change flashes again.
    setOnScreen(btcRow, true)
    expect(screen.getByTestId('watch-bid-btcusd')).toHaveTextContent('67,941.990')
    expect(btcRow).not.toHaveAttribute('data-flash')
    act(() => {
      store.applyBatch([{ id: 'btcusd', price: 67_000 }], 12_000)
    })
    expect(btcRow).toHaveAttribute('data-flash', 'down')
  })
  it('keeps only the rows in view in the document; scrolling brings the others in, and the list keeps its height', () => {
    const pairs = sixtyPairs()
    setup({ assets: pairs, activeAssetId: null })
    const table = screen.getByRole('table', { name: 'Market Watch' })
    // Head row, the Forex heading and 60 pairs: the whole list, for assistive technology.
    expect(table).toHaveAttribute('aria-rowcount', '62')
    const rendered = () => visibleRowIds()
    // 400 px: the 28 px head, the 28 px heading, then 32 px rows: pair0 to pair10 (its top at 376 px) are in view,
    // and six more past the edge.
    expect(rendered()).toEqual(pairs.slice(0, 17).map((asset) => asset.asset_id))
    expect(screen.getByTestId('watch-row-pair0')).toHaveAttribute('aria-rowindex', '3')

    scrollTo(table, 1_000)
    const ids = rendered()
    expect(ids).not.toContain('pair0')
    // The row at 1,000 px from the top (28 + 28 + 29 x 32 = 984) is in the window, with its place in the table.
    expect(ids).toContain('pair29')
    expect(screen.getByTestId('watch-row-pair29')).toHaveAttribute('aria-rowindex', '32')
    expect(screen.queryByRole('rowheader', { name: 'Forex' })).not.toBeInTheDocument()
    // Spacers stand in for the rows outside the window: the table keeps the height of all 60.
    const spacerPx = [...table.querySelectorAll('tr[aria-hidden="true"]')].map((tr) =>
      Number.parseFloat((tr as HTMLElement).style.height),
    )
    expect(spacerPx).toHaveLength(2)
    const windowPx = screen.getAllByTestId(/^watch-row-/).length * 32
    expect(spacerPx[0]! + windowPx + spacerPx[1]!).toBe(28 + 60 * 32)
  })

  it('keeps the row holding keyboard focus mounted, and focused, when the list scrolls away from it', () => {
    setup({ assets: sixtyPairs(), activeAssetId: null })
    const table = screen.getByRole('table', { name: 'Market Watch' })
    const star = screen.getByRole('button', { name: 'Add PAIR/2 to watchlist' })
    act(() => star.focus())

    scrollTo(table, 1_000)
    expect(visibleRowIds()).toContain('pair29')
    // pair2 is far above the window, yet still in the document with focus, between two spacers.
    expect(visibleRowIds()[0]).toBe('pair2')
    expect(star).toHaveFocus()
    const spacerPx = [...table.querySelectorAll('tr[aria-hidden="true"]')].map((tr) =>
      Number.parseFloat((tr as HTMLElement).style.height),
    )
    expect(spacerPx).toHaveLength(3)
    const rowsPx = screen.getAllByTestId(/^watch-row-/).length * 32
    expect(spacerPx.reduce((sum, px) => sum + px, 0) + rowsPx).toBe(28 + 60 * 32)

    // Focus elsewhere: the row is let go.
    act(() => screen.getByRole('button', { name: 'Search assets' }).focus())
    scrollTo(table, 1_010)
    expect(visibleRowIds()).not.toContain('pair2')
  })
})

/** Sixty forex pairs: more rows than a 400 px view holds. */
function sixtyPairs() {
  return Array.from({ length: 60 }, (_, index) =>
    listedAsset(
      {
        asset_id: `pair${index}`,
        name: `Pair ${index}`,
        symbol: `PAIR${index}`,
        symbol_display: `PAIR/${index}`,
        sy: `PAIR/${index}`,
        type: 'forex',
      },
      1 + index / 100,
      100 + index,
    ),
  )
}

/** Scrolls the table's scroller to a position, as a wheel would, and lets the virtualiser see it. */
function scrollTo(table: HTMLElement, scrollTopPx: number) {
  const scroller = table.parentElement as HTMLElement
  Object.defineProperty(scroller, 'scrollTop', { configurable: true, value: scrollTopPx })
  act(() => {
    fireEvent.scroll(scroller)
  })
}
