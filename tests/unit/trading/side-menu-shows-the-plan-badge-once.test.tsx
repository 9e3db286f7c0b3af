// The workspace's side menu below 768 px (docs/product/trading-workspace.md#layout) offers the plan badge; with
// a marketplace the Algo Trader panel inside it heads with the same badge, and the menu showed two.
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { USD } from '../../../src/domain/format/currency'
import { AlgoTraderPanel } from '../../../src/features/marketplace'
import { SideMenu } from '../../../src/features/trading/components/side-menu'
import { fakeApi, renderWithApp, USER } from '../marketplace/harness'

fakeApi()

const user = { ...USER, accounts: [] }

function renderMenu(options: { marketplace: boolean }) {
  const onOpenPlans = vi.fn()
  renderWithApp(() => (
    <SideMenu
      open
      onOpenChange={() => undefined}
      user={user}
      currency={USD}
      selectedAccountIndex={0}
      onSelectAccount={() => undefined}
      onOpenPanel={() => undefined}
      pairs={['BTC/USD']}
      activePair="BTC/USD"
      onActivatePair={() => undefined}
      onClosePair={() => undefined}
      onAddPair={() => undefined}
      algoTrader={
        options.marketplace ? (
          <AlgoTraderPanel user={user} onOpenPlans={onOpenPlans} onAccountChanged={async () => {}} />
        ) : undefined
      }
      onOpenPlans={onOpenPlans}
    />
  ))
  return { onOpenPlans }
}

describe('the workspace side menu', { timeout: 20_000 }, () => {
  it('shows one plan badge, leading to the plans comparison, with the Algo Trader panel', async () => {
    const { onOpenPlans } = renderMenu({ marketplace: true })
    const menu = await screen.findByRole('dialog', { name: 'Workspace' })
    await within(menu).findByRole('list', { name: 'Expert advisors' })
    const badges = within(menu).getAllByRole('button', { name: /compare plans/ })
    expect(badges).toHaveLength(1)
    await userEvent.click(badges[0]!)
    expect(onOpenPlans).toHaveBeenCalledOnce()
  })

  it('shows its own plan badge with the leverage when the site has no marketplace', async () => {
    renderMenu({ marketplace: false })
    const menu = await screen.findByRole('dialog', { name: 'Workspace' })
    expect(within(menu).getAllByRole('button', { name: /compare plans/ })).toEqual([
      within(menu).getByRole('button', { name: 'Basic plan, leverage 1:100: compare plans' }),
    ])
    expect(within(menu).getByTestId('plan-badge')).toHaveTextContent('Basic · 1:100')
  })
})
