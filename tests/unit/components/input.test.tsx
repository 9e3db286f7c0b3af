import { zodResolver } from '@hookform/resolvers/zod'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useForm } from 'react-hook-form'
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { Button, PasswordField, TextField } from '../../../src/components/ui'
import { expectNoA11yViolations } from './test-utils'

describe('TextField', () => {
  it('has no accessibility violations, with and without an error', async () => {
    const { container } = render(
      <form>
        <TextField label="First name" name="first" helperText="As on your ID" />
        <TextField label="Email" name="email" error="Please enter a valid email" />
        <PasswordField label="Password" name="password" error="Password must be at least 8 characters" />
      </form>,
    )
    await expectNoA11yViolations(container)
  })

  it('labels its input', () => {
    render(<TextField label="Username" />)
    expect(screen.getByLabelText('Username')).toBeInstanceOf(HTMLInputElement)
  })

  it('shows its error, sets aria-invalid and points aria-describedby at the message', () => {
    render(<TextField label="Email" error="Please enter a valid email" helperText="We never share it" />)
    const input = screen.getByLabelText('Email')
    expect(input).toHaveAttribute('aria-invalid', 'true')
    const message = screen.getByText('Please enter a valid email')
    expect(input).toHaveAccessibleDescription(/Please enter a valid email/)
    expect(input.getAttribute('aria-describedby')).toContain(message.closest('[id]')?.id)
    expect(input).toHaveAccessibleDescription(/We never share it/)
  })

  it('is valid and undescribed without an error', () => {
    render(<TextField label="Email" />)
    const input = screen.getByLabelText('Email')
    expect(input).not.toHaveAttribute('aria-invalid')
    expect(input).not.toHaveAttribute('aria-describedby')
  })

  it('works with react-hook-form register(): value, ref and validation message', async () => {
    const Schema = z.object({ username: z.string().min(3, 'Username must be at least 3 characters') })
    const onValid = vi.fn()
    function Form() {
      const form = useForm<z.infer<typeof Schema>>({
        resolver: zodResolver(Schema),
        defaultValues: { username: '' },
      })
      return (
        <form onSubmit={form.handleSubmit(onValid)}>
          <TextField
            label="Username"
            error={form.formState.errors.username?.message}
            {...form.register('username')}
          />
          <Button type="submit">Submit</Button>
        </form>
      )
    }
    render(<Form />)
    const input = screen.getByLabelText('Username')
    await userEvent.type(input, 'ab')
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }))
    expect(await screen.findByText('Username must be at least 3 characters')).toBeInTheDocument()
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(input).toHaveFocus()
    expect(onValid).not.toHaveBeenCalled()

    await userEvent.type(input, 'c')
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }))
    expect(onValid).toHaveBeenCalledWith({ username: 'abc' }, expect.anything())
  })
})

describe('PasswordField', () => {
  it('toggle flips the input type and its own accessible name', async () => {
    render(<PasswordField label="Password" defaultValue="s3cret!!" />)
    const input = screen.getByLabelText('Password')
    expect(input).toHaveAttribute('type', 'password')

    await userEvent.click(screen.getByRole('button', { name: 'Show password' }))
    expect(input).toHaveAttribute('type', 'text')
    expect(input).toHaveValue('s3cret!!')

    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }))
    expect(input).toHaveAttribute('type', 'password')
    expect(screen.getByRole('button', { name: 'Show password' })).toBeInTheDocument()
  })

  it('toggle is reachable with Tab and works from the keyboard', async () => {
    render(<PasswordField label="Password" />)
    await userEvent.tab()
    expect(screen.getByLabelText('Password')).toHaveFocus()
    await userEvent.tab()
    const toggle = screen.getByRole('button', { name: 'Show password' })
    expect(toggle).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text')
    await userEvent.keyboard(' ')
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password')
  })

  it('shows its error like TextField', () => {
    render(<PasswordField label="Password" error="Password must be at least 8 characters" />)
    const input = screen.getByLabelText('Password')
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(input).toHaveAccessibleDescription(/Password must be at least 8 characters/)
  })

  it('works with react-hook-form register()', async () => {
    const onValid = vi.fn()
    function Form() {
      const form = useForm<{ password: string }>({ defaultValues: { password: '' } })
      return (
        <form onSubmit={form.handleSubmit(onValid)}>
          <PasswordField label="Password" {...form.register('password')} />
          <Button type="submit">Sign in</Button>
        </form>
      )
    }
    render(<Form />)
    await userEvent.type(screen.getByLabelText('Password'), 'hunter22')
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(onValid).toHaveBeenCalledWith({ password: 'hunter22' }, expect.anything())
  })
})
