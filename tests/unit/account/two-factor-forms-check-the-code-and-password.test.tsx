import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import {
  ConfirmWithCodeForm,
  EnableTwoFactorForm,
} from '../../../src/features/account/components/two-factor-forms'
import { HttpError } from '../../../src/lib/http'
import { expectNoA11yViolations } from '../components/test-utils'

const wrongCode = new HttpError({
  message: 'This code is not correct, or was already used.',
  status: 422,
  statusText: 'Unprocessable Entity',
  data: {
    message: 'This code is not correct, or was already used.',
    errors: { code: ['This code is not correct, or was already used.'] },
  },
  url: '/user/two-factor/enable',
  method: 'POST',
})

// Typing is slow on a shared 2-core machine: each case gets room.
describe('turning two-factor on', { timeout: 20_000 }, () => {
  it('has no accessibility violations', async () => {
    const { container } = render(<EnableTwoFactorForm onSubmit={vi.fn()} />)
    await expectNoA11yViolations(container)
  })

  it('wants six digits, and sends them without the spaces a user typed', async () => {
    const user = userEvent.setup()
    const onSubmit = vi.fn().mockResolvedValue(undefined)
    render(<EnableTwoFactorForm onSubmit={onSubmit} />)
    const code = screen.getByLabelText('Authentication code')

    await user.type(code, '12345')
    await user.click(screen.getByRole('button', { name: 'Turn on' }))
    expect(await screen.findByText('Enter the 6-digit code')).toBeVisible()
    expect(onSubmit).not.toHaveBeenCalled()

    await user.clear(code)
    await user.type(code, '123 456')
    await user.click(screen.getByRole('button', { name: 'Turn on' }))
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledWith('123456'))
  })

  it("shows the server's refusal of a wrong code on the field", async () => {
    const user = userEvent.setup()
    render(<EnableTwoFactorForm onSubmit={vi.fn().mockRejectedValue(wrongCode)} />)
    await user.type(screen.getByLabelText('Authentication code'), '000000')
    await user.keyboard('{Enter}')
    expect(await screen.findByText('This code is not correct, or was already used.')).toBeVisible()
    expect(screen.getByLabelText('Authentication code')).toHaveAttribute('aria-invalid', 'true')
  })
})

describe('turning two-factor off', { timeout: 20_000 }, () => {
  it('has no accessibility violations', async () => {
    const { container } = render(<ConfirmWithCodeForm submitLabel="Turn off" onSubmit={vi.fn()} />)
    await expectNoA11yViolations(container)
  })

  it('needs the password and a code, from the app or a recovery code', async () => {
    const user = userEvent.setup()
    const onSubmit = vi.fn().mockResolvedValue(undefined)
    render(<ConfirmWithCodeForm submitLabel="Turn off" danger onSubmit={onSubmit} />)
    await user.click(screen.getByRole('button', { name: 'Turn off' }))
    expect(await screen.findByText('Please enter your password')).toBeVisible()
    expect(screen.getByText('Enter the code from your app or a recovery code.')).toBeVisible()
    expect(onSubmit).not.toHaveBeenCalled()

    await user.type(screen.getByLabelText('Password', { exact: true }), 'Demo1234!')
    await user.type(screen.getByLabelText('Authentication or recovery code'), ' abcd-efgh-ij ')
    await user.click(screen.getByRole('button', { name: 'Turn off' }))
    await vi.waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ password: 'Demo1234!', code: 'abcd-efgh-ij' }),
    )
  })
})
