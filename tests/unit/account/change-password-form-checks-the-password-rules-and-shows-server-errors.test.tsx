import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ChangePasswordFormView } from '../../../src/features/account/components/change-password-form'
import { HttpError } from '../../../src/lib/http'
import { expectNoA11yViolations } from '../components/test-utils'

const labels = {
  current: () => screen.getByLabelText('Current password'),
  next: () => screen.getByLabelText('New password'),
  confirm: () => screen.getByLabelText('Confirm new password'),
}

// Typing is slow on a shared 2-core machine: each case gets room.
describe('the change password form', { timeout: 20_000 }, () => {
  it('has no accessibility violations', async () => {
    const { container } = render(<ChangePasswordFormView onSubmit={vi.fn()} />)
    await expectNoA11yViolations(container)
  })

  it('refuses a short or unmatched password with the messages of docs/product/registration.md#validation, and sends nothing', async () => {
    const user = userEvent.setup()
    const onSubmit = vi.fn()
    render(<ChangePasswordFormView onSubmit={onSubmit} />)
    await user.click(screen.getByRole('button', { name: 'Change password' }))
    expect(await screen.findByText('Please enter your current password')).toBeVisible()
    expect(screen.getByText('Password must be at least 8 characters')).toBeVisible()

    await user.type(labels.current(), 'Demo1234!')
    await user.type(labels.next(), 'NewSecret1!')
    await user.type(labels.confirm(), 'NewSecret2!')
    await user.click(screen.getByRole('button', { name: 'Change password' }))
    expect(await screen.findByText('Passwords do not match')).toBeVisible()
    expect(labels.confirm()).toHaveAttribute('aria-invalid', 'true')
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it("sends the three fields, then says the server's sentence and clears the form", async () => {
    const user = userEvent.setup()
    const onSubmit = vi
      .fn()
      .mockResolvedValue({ message: 'Your password was changed. Every other session was signed out.' })
    render(<ChangePasswordFormView onSubmit={onSubmit} />)
    await user.type(labels.current(), 'Demo1234!')
    await user.type(labels.next(), 'NewSecret1!')
    await user.type(labels.confirm(), 'NewSecret1!')
    await user.keyboard('{Enter}')
    expect(
      await screen.findByText(/Every other session was signed out/, undefined, { timeout: 5_000 }),
    ).toBeVisible()
    expect(onSubmit).toHaveBeenCalledWith({
      current_password: 'Demo1234!',
      password: 'NewSecret1!',
      password_confirmation: 'NewSecret1!',
    })
    expect(labels.current()).toHaveValue('')
  })

  it('puts a wrong current password on its field and moves focus there', async () => {
    const user = userEvent.setup()
    const onSubmit = vi.fn().mockRejectedValue(
      new HttpError({
        message: 'The current password is not correct.',
        status: 422,
        statusText: 'Unprocessable Entity',
        data: {
          message: 'The current password is not correct.',
          errors: { current_password: ['The current password is not correct.'] },
        },
        url: '/user/password',
        method: 'POST',
      }),
    )
    render(<ChangePasswordFormView onSubmit={onSubmit} />)
    await user.type(labels.current(), 'wrong-one')
    await user.type(labels.next(), 'NewSecret1!')
    await user.type(labels.confirm(), 'NewSecret1!')
    await user.click(screen.getByRole('button', { name: 'Change password' }))
    expect(await screen.findByText('The current password is not correct.')).toBeVisible()
    expect(labels.current()).toHaveFocus()
  })
})
