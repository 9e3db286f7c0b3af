// Regression (decision 0022): the 'Welcome to CFD Trader' alert covered the open Buy ticket's unit selector and
// volume, and the currency menu on phones. While any ticket (popover), menu or dialog is open the alert is not drawn;
// it comes back, unchanged and still unread, once the layer closes.
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { Button, Dialog, Menu, Popover } from '../../../src/components/ui'
import type { User } from '../../../src/domain/contract/user'
import { NotificationAlert } from '../../../src/features/notifications'
import { renderWithApp } from '../marketplace/harness'

const WELCOME: User['notifications'] = [
  { id: 1, title: 'Welcome to CFD Trader', message: 'Your account is ready.', color: 'info', read: false },
]

function Alert() {
  return <NotificationAlert notifications={WELCOME} placement="workspace" onRead={async () => {}} />
}

function BuyTicket() {
  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <Button>Buy</Button>
      </Popover.Trigger>
      <Popover.Positioner>
        <Popover.Content aria-label="Buy order">
          <Popover.Title>Buy</Popover.Title>
          <label>
            Volume <input defaultValue="0.01" />
          </label>
          <Popover.CloseTrigger />
        </Popover.Content>
      </Popover.Positioner>
    </Popover.Root>
  )
}

function CurrencyMenu() {
  return (
    <Menu.Root>
      <Menu.Trigger asChild>
        <Button variant="outline">Currency</Button>
      </Menu.Trigger>
      <Menu.Positioner>
        <Menu.Content>
          <Menu.Item value="usd">USD</Menu.Item>
          <Menu.Item value="eur">EUR</Menu.Item>
        </Menu.Content>
      </Menu.Positioner>
    </Menu.Root>
  )
}

function ProfitCalculator() {
  return (
    <Dialog.Root lazyMount unmountOnExit>
      <Dialog.Trigger asChild>
        <Button>Profit calculator</Button>
      </Dialog.Trigger>
      <Dialog.Backdrop />
      <Dialog.Positioner>
        <Dialog.Content>
          <Dialog.Title>Profit calculator</Dialog.Title>
          <Dialog.CloseTrigger />
        </Dialog.Content>
      </Dialog.Positioner>
    </Dialog.Root>
  )
}

// By test id, not role: a modal dialog hides the rest of the page from the accessibility tree, alert or not.
const alert = () => screen.queryByTestId('notification-alert')

describe('the notification alert never covers an open layer', { timeout: 20_000 }, () => {
  it('hides while the Buy ticket is open and returns when it closes', async () => {
    renderWithApp(() => (
      <>
        <BuyTicket />
        <Alert />
      </>
    ))
    expect(await screen.findByText('Welcome to CFD Trader')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Buy' }))
    await screen.findByRole('dialog')
    await waitFor(() => expect(alert()).not.toBeInTheDocument())
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(await screen.findByText('Welcome to CFD Trader')).toBeInTheDocument()
  })

  it('hides while a menu is open', async () => {
    renderWithApp(() => (
      <>
        <CurrencyMenu />
        <Alert />
      </>
    ))
    await screen.findByText('Welcome to CFD Trader')
    await userEvent.click(screen.getByRole('button', { name: 'Currency' }))
    await screen.findByRole('menu')
    await waitFor(() => expect(alert()).not.toBeInTheDocument())
    await userEvent.keyboard('{Escape}')
    expect(await screen.findByText('Welcome to CFD Trader')).toBeInTheDocument()
  })

  it('hides while a dialog that mounts on opening is open', async () => {
    renderWithApp(() => (
      <>
        <ProfitCalculator />
        <Alert />
      </>
    ))
    await screen.findByText('Welcome to CFD Trader')
    await userEvent.click(screen.getByRole('button', { name: 'Profit calculator' }))
    await screen.findByRole('dialog', { name: 'Profit calculator' })
    await waitFor(() => expect(alert()).not.toBeInTheDocument())
    await userEvent.click(screen.getByRole('button', { name: 'Close' }))
    expect(await screen.findByText('Welcome to CFD Trader')).toBeInTheDocument()
  })
})
