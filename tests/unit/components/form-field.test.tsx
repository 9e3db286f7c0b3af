import { zodResolver } from '@hookform/resolvers/zod'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useForm } from 'react-hook-form'
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { FormField } from '../../../src/components/ui/form-field'
import { expectNoA11yViolations } from './test-utils'

const schema = z.object({
  email: z.string().email('Enter a valid e-mail address.'),
  password: z.string().min(8, 'At least 8 characters.'),
})
type Values = z.infer<typeof schema>

function SignUp(props: { onSubmit?: (values: Values) => void; serverError?: string }) {
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { email: '', password: '' },
    mode: 'onTouched',
  })
  return (
    <form
      aria-label="Sign up"
      noValidate
      onSubmit={(event) =>
        void form.handleSubmit((values) => {
          if (props.serverError)
            form.setError('email', { type: 'server', message: props.serverError }, { shouldFocus: true })
          else props.onSubmit?.(values)
        })(event)
      }
    >
      <FormField
        control={form.control}
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        description="We send the confirmation here."
      />
      <FormField control={form.control} name="password" label="Password" type="password" />
      <button type="submit">Sign up</button>
    </form>
  )
}

describe('FormField', () => {
  it('has no accessibility violations, with and without an error', async () => {
    const { container } = render(<SignUp />)
    await expectNoA11yViolations(container)
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }))
    await screen.findByText('Enter a valid e-mail address.')
    await expectNoA11yViolations(container)
  })

  it('is labelled and described, and sends what is typed with the form', async () => {
    const onSubmit = vi.fn()
    render(<SignUp onSubmit={onSubmit} />)
    const email = screen.getByRole('textbox', { name: 'Email' })
    expect(email).toHaveAttribute('type', 'email')
    expect(email).toHaveAttribute('autocomplete', 'email')
    expect(email).toHaveAccessibleDescription('We send the confirmation here.')
    await userEvent.type(email, 'ada@example.com')
    await userEvent.type(screen.getByLabelText('Password'), 'long enough')
    await userEvent.keyboard('{Enter}')
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'long enough' }),
    )
  })

  it('shows the form state’s error once the field is left, and clears it when the value is right', async () => {
    render(<SignUp />)
    const email = screen.getByRole('textbox', { name: 'Email' })
    await userEvent.type(email, 'ada')
    await userEvent.tab()
    expect(await screen.findByText('Enter a valid e-mail address.')).toBeInTheDocument()
    expect(email).toHaveAttribute('aria-invalid', 'true')
    expect(email).toHaveAccessibleDescription(/Enter a valid e-mail address\./)
    await userEvent.type(email, '@example.com')
    await waitFor(() => expect(screen.queryByText('Enter a valid e-mail address.')).not.toBeInTheDocument())
    expect(email).not.toHaveAttribute('aria-invalid', 'true')
  })

  it('takes the focus when the form sets an error on it, e.g. the server’s', async () => {
    render(<SignUp serverError="This e-mail address is taken." />)
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com')
    await userEvent.type(screen.getByLabelText('Password'), 'long enough')
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }))
    expect(await screen.findByText('This e-mail address is taken.')).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveFocus()
  })

  it('draws a password field with its Show password button', async () => {
    render(<SignUp />)
    const password = screen.getByLabelText('Password')
    expect(password).toHaveAttribute('type', 'password')
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }))
    expect(password).toHaveAttribute('type', 'text')
  })
})
