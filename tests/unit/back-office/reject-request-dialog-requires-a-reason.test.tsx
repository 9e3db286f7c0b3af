// Rejecting a customer's request (decision 0017): the customer reads the reason, so the dialog refuses to send
// without one, sends it trimmed, and shows the server's own word about it under the field.
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { QueueRequest } from '../../../src/domain/contract/request-queue'
import { RejectRequestDialog } from '../../../src/features/back-office/components/request-queue-reject-dialog'
import { expectNoA11yViolations } from '../components/test-utils'

const REQUEST: QueueRequest = {
  id: 9,
  type: 'autotrader',
  user_id: 1,
  user_name: 'Demo Trader',
  account_id: 'CFD1000001',
  email: 'demo@example.com',
  status: 'pending',
  detail: 'Auto trader: medium',
  reason: null,
  decided_by: null,
  decided_at: null,
  created_at: '2026-11-25T08:33:25.083Z',
}

function renderDialog(props: { reasonError?: string; busy?: boolean } = {}) {
  const onReject = vi.fn()
  const onOpenChange = vi.fn()
  const view = render(
    <RejectRequestDialog
      request={REQUEST}
      onOpenChange={onOpenChange}
      onReject={onReject}
      busy={props.busy ?? false}
      reasonError={props.reasonError}
    />,
  )
  return { ...view, onReject, onOpenChange }
}

describe('the reject request dialog', { timeout: 20_000 }, () => {
  it('has no accessibility violations', async () => {
    const { container } = renderDialog()
    const dialog = await screen.findByRole('dialog', { name: 'Reject request' })
    await expectNoA11yViolations(container, dialog)
  })

  it('says what is being rejected and for whom', async () => {
    renderDialog()
    const dialog = await screen.findByRole('dialog', { name: 'Reject request' })
    expect(dialog).toHaveAccessibleDescription(
      'Auto trader for Demo Trader (CFD1000001): Auto trader: medium',
    )
  })

  it('refuses to reject without a reason, or with only spaces', async () => {
    const { onReject } = renderDialog()
    const dialog = await screen.findByRole('dialog', { name: 'Reject request' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject request' }))
    expect(await within(dialog).findByText('A reason is required.')).toBeInTheDocument()
    expect(within(dialog).getByRole('textbox', { name: /Reason/ })).toHaveAttribute('aria-invalid', 'true')

    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), '   ')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject request' }))
    expect(within(dialog).getByText('A reason is required.')).toBeInTheDocument()
    expect(onReject).not.toHaveBeenCalled()
  })

  it('sends the reason trimmed', async () => {
    const { onReject } = renderDialog()
    const dialog = await screen.findByRole('dialog', { name: 'Reject request' })
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Reason/ }),
      '  Automated trading needs a verified account.  ',
    )
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject request' }))
    await waitFor(() => expect(onReject).toHaveBeenCalledWith('Automated trading needs a verified account.'))
  })

  it("shows the server's message about the reason under the field", async () => {
    renderDialog({ reasonError: 'The reason must be at most 500 characters' })
    const dialog = await screen.findByRole('dialog', { name: 'Reject request' })
    expect(await within(dialog).findByText('The reason must be at most 500 characters')).toBeInTheDocument()
  })

  it('shows the decision in flight and offers no second click', async () => {
    renderDialog({ busy: true })
    const dialog = await screen.findByRole('dialog', { name: 'Reject request' })
    const button = within(dialog).getByRole('button', { name: 'Reject request' })
    expect(button).toBeDisabled()
    expect(button).toHaveAttribute('aria-busy', 'true')
  })
})
