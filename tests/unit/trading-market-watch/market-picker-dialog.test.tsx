import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { MarketPickerDialog } from '../../../src/features/trading/components/market-watch'
import { createLivePriceStore } from '../../../src/lib/live-prices'
import { expectNoA11yViolations, waitForFocusInside } from '../components/test-utils'
import { MARKET_WATCH_ASSETS } from '../support/assets'

// BTC/USD, EUR/USD and XAU/USD.
const ASSETS = MARKET_WATCH_ASSETS.filter((asset) => asset.type !== 'indices')

function setup() {
  const store = createLivePriceStore()
  store.setAssets(ASSETS)
  const props = {
    open: true,
    onOpenChange: vi.fn(),
    assets: ASSETS,
    store,
    openPairs: ['BTC/USD'],
    onPick: vi.fn(),
  }
  render(<MarketPickerDialog {...props} />)
  return { props, store }
}

const listedIds = () =>
  screen
    .queryAllByTestId(/^picker-row-/)
    .map((row) => row.getAttribute('data-testid')?.replace('picker-row-', ''))

describe('MarketPickerDialog', () => {
  it('has no accessibility violations', async () => {
    setup()
    const dialog = await screen.findByRole('dialog', { name: 'Add market' })
    await expectNoA11yViolations(dialog)
  }, 15_000)

  it('focuses the search, lists symbol, name and live bid with 5 decimals, and marks open pairs', async () => {
    const { store } = setup()
    const input = await screen.findByRole('searchbox', { name: 'Search markets' })
    await waitFor(() => expect(input).toHaveFocus())

    const btc = screen.getByTestId('picker-row-btcusd')
    expect(btc).toHaveTextContent('BTC/USD')
    expect(btc).toHaveTextContent('Bitcoin')
    expect(within(btc).getByText('Open')).toBeInTheDocument()
    expect(within(screen.getByTestId('picker-row-eurusd')).queryByText('Open')).not.toBeInTheDocument()
    expect(screen.getByTestId('picker-bid-eurusd')).toHaveTextContent('1.09890')

    act(() => {
      store.applyBatch([{ id: 'eurusd', price: 1.2 }], 1_000)
    })
    expect(screen.getByTestId('picker-bid-eurusd')).toHaveTextContent('1.19880')
  })

  it('filters by search (name, symbol or sy, any case) and by type chip', async () => {
    const user = userEvent.setup()
    setup()
    const input = await screen.findByRole('searchbox', { name: 'Search markets' })
    await user.type(input, 'GOLD')
    expect(listedIds()).toEqual(['xauusd'])
    await user.clear(input)
    await user.type(input, 'eurusd')
    expect(listedIds()).toEqual(['eurusd'])
    await user.clear(input)

    await user.click(screen.getByRole('button', { name: 'Crypto' }))
    expect(screen.getByRole('button', { name: 'Crypto' })).toHaveAttribute('aria-pressed', 'true')
    expect(listedIds()).toEqual(['btcusd'])
    await user.type(input, 'gold')
    expect(listedIds()).toEqual([])
    expect(screen.getByText('No assets found')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'All' }))
    expect(listedIds()).toEqual(['xauusd'])
  })

  it('picks a market by click and by keyboard, and asks to close', async () => {
    const user = userEvent.setup()
    const { props } = setup()
    await user.click(await screen.findByTestId('picker-row-xauusd'))
    expect(props.onPick).toHaveBeenCalledWith(ASSETS[2])
    expect(props.onOpenChange).toHaveBeenCalledWith(false)

    const input = screen.getByRole('searchbox', { name: 'Search markets' })
    input.focus()
    await user.keyboard('{ArrowDown}{ArrowDown}')
    expect(screen.getByTestId('picker-row-eurusd')).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(props.onPick).toHaveBeenLastCalledWith(ASSETS[1])
    await user.keyboard('{ArrowUp}{ArrowUp}')
    expect(input).toHaveFocus()
  })

  it('closes through Escape by telling the caller', async () => {
    const user = userEvent.setup()
    const { props } = setup()
    await waitForFocusInside(await screen.findByRole('dialog'))
    await user.keyboard('{Escape}')
    expect(props.onOpenChange).toHaveBeenCalledWith(false)
    expect(props.onPick).not.toHaveBeenCalled()
  })
})
