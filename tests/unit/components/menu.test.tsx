import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { Button, Menu } from '../../../src/components/ui'
import { expectNoA11yViolations, waitForFocusInside } from './test-utils'

function AccountMenu(props: { onSelect?: (value: string) => void }) {
  return (
    <Menu.Root onSelect={(details) => props.onSelect?.(details.value)}>
      <Menu.Trigger asChild>
        <Button variant="outline">Account</Button>
      </Menu.Trigger>
      <Menu.Positioner>
        <Menu.Content>
          <Menu.ItemGroup>
            <Menu.ItemGroupLabel>Signed in</Menu.ItemGroupLabel>
            <Menu.Item value="profile">Profile</Menu.Item>
            <Menu.Item value="deposit">Deposit</Menu.Item>
          </Menu.ItemGroup>
          <Menu.Separator />
          <Menu.Item value="logout">Logout</Menu.Item>
        </Menu.Content>
      </Menu.Positioner>
    </Menu.Root>
  )
}

describe('Menu', () => {
  it('has no accessibility violations when open', async () => {
    const { container } = render(<AccountMenu />)
    await userEvent.click(screen.getByRole('button', { name: 'Account' }))
    const menu = await screen.findByRole('menu')
    await expectNoA11yViolations(container, menu)
  })

  it('opens from the keyboard, moves with arrows and selects with Enter', async () => {
    const onSelect = vi.fn()
    render(<AccountMenu onSelect={onSelect} />)
    await userEvent.tab()
    expect(screen.getByRole('button', { name: 'Account' })).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await screen.findByRole('menu')
    await waitFor(() =>
      expect(screen.getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('data-highlighted'),
    )
    await userEvent.keyboard('{ArrowDown}')
    expect(screen.getByRole('menuitem', { name: 'Deposit' })).toHaveAttribute('data-highlighted')
    await userEvent.keyboard('{Enter}')
    expect(onSelect).toHaveBeenCalledWith('deposit')
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument())
  })

  it('closes on Escape and returns focus to the trigger', async () => {
    render(<AccountMenu />)
    const trigger = screen.getByRole('button', { name: 'Account' })
    await userEvent.click(trigger)
    await waitForFocusInside(await screen.findByRole('menu'))
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument())
    // zag restores focus on the frame after the content unmounts, so a loaded machine can see the gap.
    await waitFor(() => expect(trigger).toHaveFocus())
  })
})
