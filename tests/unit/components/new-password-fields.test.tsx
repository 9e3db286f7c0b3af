import { zodResolver } from '@hookform/resolvers/zod'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useForm } from 'react-hook-form'
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { Button, NewPasswordFields } from '../../../src/components/ui'
import { expectNoA11yViolations } from './test-utils'

const Schema = z
  .object({
    current_password: z.string(),
    password: z.string().min(8, 'At least 8 characters.'),
    password_confirmation: z.string(),
  })
  .refine((values) => values.password === values.password_confirmation, {
    message: 'The passwords do not match.',
    path: ['password_confirmation'],
  })

function Harness(props: { onValid: (values: z.infer<typeof Schema>) => void; helperText?: string }) {
  const form = useForm({
    resolver: zodResolver(Schema),
    defaultValues: { current_password: 'old-secret', password: '', password_confirmation: '' },
  })
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => props.onValid(values))}>
      <NewPasswordFields form={form} helperText={props.helperText} />
      <Button type="submit">Save</Button>
    </form>
  )
}

describe('NewPasswordFields', () => {
  it('has no accessibility violations, with and without errors', async () => {
    const { container } = render(<Harness onValid={() => {}} />)
    await expectNoA11yViolations(container)
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('At least 8 characters.')).toBeInTheDocument()
    await expectNoA11yViolations(container)
  })

  it('is two password fields that ask for a new password, the helper under the first', () => {
    render(<Harness onValid={() => {}} helperText="At least 8 characters." />)
    const password = screen.getByLabelText('New password')
    const confirmation = screen.getByLabelText('Confirm new password')
    expect(password).toHaveAttribute('type', 'password')
    expect(password).toHaveAttribute('autocomplete', 'new-password')
    expect(confirmation).toHaveAttribute('type', 'password')
    expect(confirmation).toHaveAttribute('autocomplete', 'new-password')
    expect(password).toHaveAccessibleDescription('At least 8 characters.')
    expect(confirmation).not.toHaveAccessibleDescription()
  })

  it('binds both to the form it is given, each error under its field', async () => {
    const onValid = vi.fn()
    render(<Harness onValid={onValid} />)
    await userEvent.type(screen.getByLabelText('New password'), 'short')
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'other{Enter}')
    expect(await screen.findByText('At least 8 characters.')).toBeInTheDocument()
    expect(screen.getByText('The passwords do not match.')).toBeInTheDocument()
    expect(onValid).not.toHaveBeenCalled()

    await userEvent.clear(screen.getByLabelText('New password'))
    await userEvent.type(screen.getByLabelText('New password'), 'long-enough')
    await userEvent.clear(screen.getByLabelText('Confirm new password'))
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'long-enough{Enter}')
    await vi.waitFor(() =>
      expect(onValid).toHaveBeenCalledWith({
        current_password: 'old-secret',
        password: 'long-enough',
        password_confirmation: 'long-enough',
      }),
    )
  })
})
