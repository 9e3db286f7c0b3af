import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { PairTabs } from '../../../src/features/trading/components/market-watch'
import { expectNoA11yViolations } from '../components/test-utils'

function setup(pairs: readonly string[], activePair: string | null = pairs[0] ?? null) {
  const props = { pairs, activePair, onActivate: vi.fn(), onClose: vi.fn(), onAdd: vi.fn() }
  const view = render(<PairTabs {...props} />)
  return { ...view, props }
}

describe('PairTabs', () => {
  it('has no accessibility violations', async () => {
    const { container } = setup(['BTC/USD', 'EUR/USD', 'XAU/USD'], 'EUR/USD')
    await expectNoA11yViolations(container)
  }, 15_000)

  it('is a tablist of the open pairs with the active one selected', () => {
    setup(['BTC/USD', 'EUR/USD'], 'EUR/USD')
    expect(screen.getByRole('tablist', { name: 'Open pairs' })).toBeInTheDocument()
    const tabs = screen.getAllByRole('tab')
    expect(tabs.map((tab) => tab.textContent)).toEqual(['BTC/USD', 'EUR/USD'])
    expect(screen.getByRole('tab', { name: 'EUR/USD' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('tab', { name: 'BTC/USD' })).toHaveAttribute('aria-selected', 'false')
  })

  it('offers no close button when only one pair remains, since removing it is refused', () => {
    setup(['BTC/USD'])
    expect(screen.queryByRole('button', { name: /^Close/ })).not.toBeInTheDocument()
  })

  it('activates, closes and adds', async () => {
    const user = userEvent.setup()
    const { props } = setup(['BTC/USD', 'EUR/USD'])
    await user.click(screen.getByRole('tab', { name: 'EUR/USD' }))
    expect(props.onActivate).toHaveBeenCalledWith('EUR/USD')
    await user.click(screen.getByRole('button', { name: 'Close BTC/USD' }))
    expect(props.onClose).toHaveBeenCalledWith('BTC/USD')
    expect(props.onActivate).toHaveBeenCalledTimes(1)
    await user.click(screen.getByRole('button', { name: 'Add market' }))
    expect(props.onAdd).toHaveBeenCalledTimes(1)
  })

  it('moves between tabs with the arrow keys, Home and End, activates with Enter and closes with Delete', async () => {
    const user = userEvent.setup()
    const { props } = setup(['BTC/USD', 'EUR/USD', 'XAU/USD'])
    const [btc, eur, xau] = screen.getAllByRole('tab')
    expect(btc).toHaveAttribute('tabindex', '0')
    expect(eur).toHaveAttribute('tabindex', '-1')

    btc?.focus()
    await user.keyboard('{ArrowRight}')
    expect(eur).toHaveFocus()
    expect(props.onActivate).not.toHaveBeenCalled()
    await user.keyboard('{ArrowRight}{ArrowRight}')
    expect(btc).toHaveFocus()
    await user.keyboard('{ArrowLeft}')
    expect(xau).toHaveFocus()
    await user.keyboard('{Home}')
    expect(btc).toHaveFocus()
    await user.keyboard('{End}')
    expect(xau).toHaveFocus()

    await user.keyboard('{Enter}')
    expect(props.onActivate).toHaveBeenCalledWith('XAU/USD')
    await user.keyboard('{Delete}')
    expect(props.onClose).toHaveBeenCalledWith('XAU/USD')
  })

  it('does not close the last pair with Delete', async () => {
    const user = userEvent.setup()
    const { props } = setup(['BTC/USD'])
    screen.getByRole('tab', { name: 'BTC/USD' }).focus()
    await user.keyboard('{Delete}')
    expect(props.onClose).not.toHaveBeenCalled()
  })
})
