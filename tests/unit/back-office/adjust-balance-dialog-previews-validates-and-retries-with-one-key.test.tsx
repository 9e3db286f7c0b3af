// The Adjust balance dialog (decision 0017): the balance before and after as the admin types, the kind signing the
// amount, validation before anything is sent, the server's message shown inside the dialog, and one
// Idempotency-Key per opening that every retry from it reuses (so a retry after a lost answer cannot pay twice).
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { Button } from '../../../src/components/ui/button'
import {
  AdjustBalanceDialog,
  type AdjustmentSubmission,
} from '../../../src/features/back-office/components/adjust-balance-dialog'
import { HttpError } from '../../../src/lib/http'
import { expectNoA11yViolations, waitForFocusInside } from '../components/test-utils'

function Harness(props: {
  balanceUsd: number
  onAdjust: (submission: AdjustmentSubmission) => Promise<unknown>
}) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button onClick={() => setOpen(true)}>Adjust balance</Button>
      <AdjustBalanceDialog
        open={open}
        onOpenChange={setOpen}
        clientName="Ada Lovelace"
        balanceUsd={props.balanceUsd}
        onAdjust={props.onAdjust}
      />
    </>
  )
}

async function openDialog() {
  await userEvent.click(screen.getByRole('button', { name: 'Adjust balance' }))
  const dialog = await screen.findByRole('dialog', { name: 'Adjust balance' })
  await waitForFocusInside(dialog)
  return dialog
}

const row = (dialog: HTMLElement, label: string) => {
  const term = within(dialog).getByText(label)
  return term.nextElementSibling?.textContent
}

const serverError = (status: number, message: string, errors?: Record<string, string[]>) =>
  new HttpError({
    message,
    status,
    statusText: '',
    data: { message, ...(errors ? { errors } : {}) },
    url: '/api/v1/admin/users/7/adjustments',
    method: 'POST',
  })

describe('AdjustBalanceDialog', { timeout: 30_000 }, () => {
  it('has no accessibility violations', async () => {
    const { container } = render(<Harness balanceUsd={10_000} onAdjust={vi.fn()} />)
    const dialog = await openDialog()
    await expectNoA11yViolations(container, dialog)
  })

  it('shows the balance before and after as the admin types, signed by the kind', async () => {
    render(<Harness balanceUsd={10_000} onAdjust={vi.fn()} />)
    const dialog = await openDialog()
    expect(row(dialog, 'Balance before')).toBe('$10,000.00')
    expect(row(dialog, 'Balance after')).toBe('—')

    await userEvent.type(within(dialog).getByLabelText('Amount'), '250')
    expect(row(dialog, 'Adjustment')).toBe('+$250.00')
    expect(row(dialog, 'Balance after')).toBe('$10,250.00')

    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Kind' }))
    await userEvent.click(await screen.findByRole('option', { name: 'Withdrawal' }))
    expect(row(dialog, 'Adjustment')).toBe('-$250.00')
    expect(row(dialog, 'Balance after')).toBe('$9,750.00')
  })

  it('sends nothing without an amount and a reason, and says what is missing', async () => {
    const onAdjust = vi.fn()
    render(<Harness balanceUsd={100} onAdjust={onAdjust} />)
    const dialog = await openDialog()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply adjustment' }))
    expect(await within(dialog).findByText('Enter an amount.')).toBeInTheDocument()
    expect(within(dialog).getByText('A reason is required.')).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Amount')).toHaveAttribute('aria-invalid', 'true')

    // A deposit typed with a minus sign, and a withdrawal larger than the balance, are refused too.
    await userEvent.type(within(dialog).getByLabelText('Amount'), '-5')
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Test')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply adjustment' }))
    expect(
      await within(dialog).findByText(
        'Enter a positive amount: the kind decides whether money goes in or out.',
      ),
    ).toBeInTheDocument()
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Kind' }))
    await userEvent.click(await screen.findByRole('option', { name: 'Withdrawal' }))
    await userEvent.clear(within(dialog).getByLabelText('Amount'))
    await userEvent.type(within(dialog).getByLabelText('Amount'), '100.01')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply adjustment' }))
    expect(
      await within(dialog).findByText('This adjustment would take the balance below zero.'),
    ).toBeInTheDocument()
    expect(onAdjust).not.toHaveBeenCalled()
  })

  it('sends a signed amount with a key, shows the server’s 4xx message, and retries with the same key', async () => {
    const onAdjust = vi
      .fn<(submission: AdjustmentSubmission) => Promise<unknown>>()
      .mockRejectedValueOnce(serverError(422, 'This adjustment would take the balance below zero.'))
      .mockRejectedValueOnce(
        new HttpError({
          message: 'Network Error',
          status: 0,
          statusText: '',
          data: null,
          url: '',
          method: 'POST',
        }),
      )
      .mockResolvedValueOnce({ message: 'The balance was adjusted.' })
    render(<Harness balanceUsd={1_000} onAdjust={onAdjust} />)
    const dialog = await openDialog()
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Kind' }))
    await userEvent.click(await screen.findByRole('option', { name: 'Withdrawal' }))
    await userEvent.type(within(dialog).getByLabelText('Amount'), '400')
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Wire to the client’s bank')
    const apply = within(dialog).getByRole('button', { name: 'Apply adjustment' })

    await userEvent.click(apply)
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This adjustment would take the balance below zero.',
    )
    await userEvent.click(apply)
    expect(await within(dialog).findByText(/could not be reached/)).toBeInTheDocument()
    await userEvent.click(apply)
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())

    expect(onAdjust).toHaveBeenCalledTimes(3)
    const [first, second, third] = onAdjust.mock.calls.map(([submission]) => submission)
    expect(first).toEqual({
      amount: '-400.00',
      kind: 'withdrawal',
      reason: 'Wire to the client’s bank',
      idempotencyKey: expect.stringMatching(/^[A-Za-z0-9_-]{8,100}$/),
    })
    expect(second?.idempotencyKey).toBe(first?.idempotencyKey)
    expect(third?.idempotencyKey).toBe(first?.idempotencyKey)

    // A new opening is a new adjustment: a new key.
    await openDialog()
    await userEvent.type(screen.getByLabelText('Amount'), '10')
    await userEvent.type(screen.getByLabelText(/Reason/), 'Goodwill')
    onAdjust.mockResolvedValueOnce({ message: 'The balance was adjusted.' })
    await userEvent.click(screen.getByRole('button', { name: 'Apply adjustment' }))
    await waitFor(() => expect(onAdjust).toHaveBeenCalledTimes(4))
    expect(onAdjust.mock.calls[3]?.[0]).toMatchObject({ amount: '10.00', kind: 'deposit' })
    expect(onAdjust.mock.calls[3]?.[0].idempotencyKey).not.toBe(first?.idempotencyKey)
  })

  it('closes on Escape', async () => {
    render(<Harness balanceUsd={1_000} onAdjust={vi.fn()} />)
    await openDialog()
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })
})
