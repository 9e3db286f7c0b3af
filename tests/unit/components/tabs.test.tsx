import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { Tabs } from '../../../src/components/ui'
import { expectNoA11yViolations } from './test-utils'

function MarketTabs(props: { onValueChange?: (value: string) => void; variant?: 'line' | 'enclosed' }) {
  return (
    <Tabs.Root
      defaultValue="positions"
      variant={props.variant}
      onValueChange={(details) => props.onValueChange?.(details.value)}
    >
      <Tabs.List aria-label="Trading panels">
        <Tabs.Trigger value="positions">Positions</Tabs.Trigger>
        <Tabs.Trigger value="orders">Orders</Tabs.Trigger>
        <Tabs.Trigger value="history">History</Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="positions">Open positions</Tabs.Content>
      <Tabs.Content value="orders">Pending orders</Tabs.Content>
      <Tabs.Content value="history">Closed trades</Tabs.Content>
    </Tabs.Root>
  )
}

describe('Tabs', () => {
  it('has no accessibility violations in either variant', async () => {
    const { container } = render(
      <div>
        <MarketTabs />
        <MarketTabs variant="enclosed" />
      </div>,
    )
    await expectNoA11yViolations(container)
  })

  it('shows the selected panel and marks its tab', () => {
    render(<MarketTabs />)
    expect(screen.getByRole('tab', { name: 'Positions' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Open positions')
  })

  it('moves focus with the arrow keys and Home/End, and Enter selects', async () => {
    const onValueChange = vi.fn()
    render(<MarketTabs onValueChange={onValueChange} />)
    await userEvent.tab()
    expect(screen.getByRole('tab', { name: 'Positions' })).toHaveFocus()
    await userEvent.keyboard('{ArrowRight}')
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Orders' })).toHaveFocus())
    await userEvent.keyboard('{Enter}')
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Orders' })).toHaveAttribute('aria-selected', 'true'),
    )
    await waitFor(() => expect(screen.getByRole('tabpanel')).toHaveTextContent('Pending orders'))
    expect(onValueChange).toHaveBeenLastCalledWith('orders')
    await userEvent.keyboard('{End}')
    await waitFor(() => expect(screen.getByRole('tab', { name: 'History' })).toHaveFocus())
    await userEvent.keyboard('{Home}')
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Positions' })).toHaveFocus())
  })

  it('switches on click', async () => {
    render(<MarketTabs />)
    await userEvent.click(screen.getByRole('tab', { name: 'History' }))
    await waitFor(() => expect(screen.getByRole('tabpanel')).toHaveTextContent('Closed trades'))
  })
})
