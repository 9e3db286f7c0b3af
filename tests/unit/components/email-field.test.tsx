import { zodResolver } from '@hookform/resolvers/zod'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useForm } from 'react-hook-form'
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { Button, EmailField } from '../../../src/components/ui'
import { expectNoA11yViolations } from './test-utils'

describe('EmailField', () => {
  it('has no accessibility violations, with and without an error', async () => {
    const { container } = render(
      <form>
        <EmailField label="Email address" name="email" />
        <EmailField label="New email address" name="new-email" error="Enter a valid e-mail address." />
      </form>,
    )
    await expectNoA11yViolations(container)
  })

  it('is an e-mail input that asks for the e-mail keyboard and the address the browser knows', () => {
    render(<EmailField label="Email address" />)
    const input = screen.getByRole('textbox', { name: 'Email address' })
    expect(input).toHaveAttribute('type', 'email')
    expect(input).toHaveAttribute('autocomplete', 'email')
    expect(input).toHaveAttribute('inputmode', 'email')
  })

  it('works with react-hook-form’s register, its error under it', async () => {
    const onValid = vi.fn()
    function Harness() {
      const form = useForm({
        resolver: zodResolver(z.object({ email: z.string().email('Enter a valid e-mail address.') })),
        defaultValues: { email: '' },
      })
      return (
        <form noValidate onSubmit={form.handleSubmit(onValid)}>
          <EmailField
            label="Email address"
            error={form.formState.errors.email?.message}
            {...form.register('email')}
          />
          <Button type="submit">Continue</Button>
        </form>
      )
    }
    render(<Harness />)
    await userEvent.type(screen.getByRole('textbox', { name: 'Email address' }), 'not-an-address{Enter}')
    expect(await screen.findByText('Enter a valid e-mail address.')).toBeInTheDocument()
    expect(onValid).not.toHaveBeenCalled()
    await userEvent.clear(screen.getByRole('textbox', { name: 'Email address' }))
    await userEvent.type(screen.getByRole('textbox', { name: 'Email address' }), 'ada@example.com{Enter}')
    await vi.waitFor(() =>
      expect(onValid).toHaveBeenCalledWith({ email: 'ada@example.com' }, expect.anything()),
    )
  })
})
