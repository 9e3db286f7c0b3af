import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { Button, Dialog, TextField } from '../../../src/components/ui'
import { expectNoA11yViolations, waitForFocusInside } from './test-utils'

function ConfirmDialog() {
  return (
    <div>
      <Dialog.Root>
        <Dialog.Trigger asChild>
          <Button>Close position</Button>
        </Dialog.Trigger>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Close EUR/USD?</Dialog.Title>
              <Dialog.Description>The position closes at the server price.</Dialog.Description>
            </Dialog.Header>
            <Dialog.Body>
              <TextField label="Note" />
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <Button variant="outline">Cancel</Button>
              </Dialog.CloseTrigger>
              <Button variant="danger">Confirm</Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger />
          </Dialog.Content>
        </Dialog.Positioner>
      </Dialog.Root>
      <button type="button">Outside</button>
    </div>
  )
}

describe('Dialog', () => {
  it('has no accessibility violations when open', async () => {
    const { container } = render(<ConfirmDialog />)
    await userEvent.click(screen.getByRole('button', { name: 'Close position' }))
    const dialog = await screen.findByRole('dialog')
    await expectNoA11yViolations(container, dialog)
  })

  it('opens from its trigger, named by its title and described by its description', async () => {
    render(<ConfirmDialog />)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Close position' }))
    const dialog = await screen.findByRole('dialog', { name: 'Close EUR/USD?' })
    expect(dialog).toHaveAttribute('aria-modal', 'true')
    expect(dialog).toHaveAccessibleDescription('The position closes at the server price.')
  })

  it('moves focus inside and keeps Tab and Shift+Tab inside', async () => {
    render(<ConfirmDialog />)
    await userEvent.click(screen.getByRole('button', { name: 'Close position' }))
    const dialog = await screen.findByRole('dialog')
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement))

    for (let i = 0; i < 8; i++) {
      await userEvent.tab()
      expect(dialog).toContainElement(document.activeElement as HTMLElement)
    }
    for (let i = 0; i < 8; i++) {
      await userEvent.tab({ shift: true })
      expect(dialog).toContainElement(document.activeElement as HTMLElement)
    }
    // The rest of the page is hidden from assistive technology while the dialog is open.
    const outside = screen.getByRole('button', { name: 'Outside', hidden: true })
    expect(outside).not.toHaveFocus()
    expect(screen.queryByRole('button', { name: 'Outside' })).not.toBeInTheDocument()
  })

  it('closes on Escape and returns focus to the trigger', async () => {
    render(<ConfirmDialog />)
    const trigger = screen.getByRole('button', { name: 'Close position' })
    await userEvent.click(trigger)
    await waitForFocusInside(await screen.findByRole('dialog'))
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await waitFor(() => expect(trigger).toHaveFocus())
  })

  it('closes from the ✕ button named Close and from a custom close trigger', async () => {
    render(<ConfirmDialog />)
    await userEvent.click(screen.getByRole('button', { name: 'Close position' }))
    await screen.findByRole('dialog')
    await userEvent.click(screen.getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())

    await userEvent.click(screen.getByRole('button', { name: 'Close position' }))
    await screen.findByRole('dialog')
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('is controllable with open / onOpenChange', async () => {
    function Controlled() {
      return (
        <Dialog.Root open onOpenChange={() => {}}>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content>
              <Dialog.Title>Always open</Dialog.Title>
            </Dialog.Content>
          </Dialog.Positioner>
        </Dialog.Root>
      )
    }
    render(<Controlled />)
    expect(await screen.findByRole('dialog', { name: 'Always open' })).toBeInTheDocument()
  })
})
