// The Deactivate dialog (decision 0017): the confirmation step of a deactivation. Nothing is sent without a reason;
// the reason given goes out trimmed; the server's refusal shows inside the dialog, which stays open.
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { Button } from '../../../src/components/ui/button'
import { DeactivateClientDialog } from '../../../src/features/back-office/components/deactivate-client-dialog'
import { HttpError } from '../../../src/lib/http'
import { expectNoA11yViolations, waitForFocusInside } from '../components/test-utils'

function Harness(props: { onDeactivate: (reason: string) => Promise<unknown> }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button onClick={() => setOpen(true)}>Deactivate</Button>
      <DeactivateClientDialog
        open={open}
        onOpenChange={setOpen}
        clientName="Ada Lovelace"
        onDeactivate={props.onDeactivate}
      />
    </>
  )
}

async function openDialog() {
  await userEvent.click(screen.getByRole('button', { name: 'Deactivate' }))
  const dialog = await screen.findByRole('dialog', { name: 'Deactivate Ada Lovelace?' })
  await waitForFocusInside(dialog)
  return dialog
}

describe('DeactivateClientDialog', { timeout: 30_000 }, () => {
  it('has no accessibility violations', async () => {
    const { container } = render(<Harness onDeactivate={vi.fn()} />)
    const dialog = await openDialog()
    await expectNoA11yViolations(container, dialog)
  })

  it('requires a reason: an empty or blank one sends nothing', async () => {
    const onDeactivate = vi.fn()
    render(<Harness onDeactivate={onDeactivate} />)
    const dialog = await openDialog()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate account' }))
    expect(await within(dialog).findByText('A reason is required.')).toBeInTheDocument()
    expect(within(dialog).getByRole('textbox', { name: /Reason/ })).toHaveAttribute('aria-invalid', 'true')

    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), '    ')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate account' }))
    expect(within(dialog).getByText('A reason is required.')).toBeInTheDocument()
    expect(onDeactivate).not.toHaveBeenCalled()
  })

  it('deactivates with the reason given, trimmed, and closes', async () => {
    const onDeactivate = vi.fn().mockResolvedValue(undefined)
    render(<Harness onDeactivate={onDeactivate} />)
    const dialog = await openDialog()
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Reason/ }),
      '  Documents found to be forged ',
    )
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate account' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(onDeactivate).toHaveBeenCalledWith('Documents found to be forged')
  })

  it('shows the server’s refusal inside the dialog and stays open', async () => {
    const message = 'You cannot change the status of your own account.'
    const onDeactivate = vi
      .fn()
      .mockRejectedValue(
        new HttpError({ message, status: 422, statusText: '', data: { message }, url: '', method: 'PATCH' }),
      )
    render(<Harness onDeactivate={onDeactivate} />)
    const dialog = await openDialog()
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Testing')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate account' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message)
    expect(screen.getByRole('dialog')).toBeInTheDocument()
  })

  it('closes on Escape without sending anything', async () => {
    const onDeactivate = vi.fn()
    render(<Harness onDeactivate={onDeactivate} />)
    await openDialog()
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(onDeactivate).not.toHaveBeenCalled()
  })
})
