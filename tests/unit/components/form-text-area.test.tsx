import { zodResolver } from '@hookform/resolvers/zod'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useForm } from 'react-hook-form'
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { FormTextArea } from '../../../src/components/ui/form-text-area'
import { expectNoA11yViolations } from './test-utils'

const schema = z.object({ reason: z.string().trim().min(1, 'Give a reason.') })
type Values = z.infer<typeof schema>

function Reject(props: { onSubmit?: (values: Values) => void; serverError?: string; reason?: string }) {
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { reason: props.reason ?? '' },
    mode: 'onTouched',
  })
  return (
    <form
      aria-label="Reject"
      noValidate
      onSubmit={(event) =>
        void form.handleSubmit((values) => {
          if (props.serverError)
            form.setError('reason', { type: 'server', message: props.serverError }, { shouldFocus: true })
          else props.onSubmit?.(values)
        })(event)
      }
    >
      <FormTextArea
        control={form.control}
        name="reason"
        label="Reason"
        required
        rows={3}
        maxLength={200}
        description="The customer reads this in their notification."
      />
      <button type="submit">Reject</button>
    </form>
  )
}

describe('FormTextArea', () => {
  it('has no accessibility violations, with and without an error', async () => {
    const { container } = render(<Reject />)
    await expectNoA11yViolations(container)
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }))
    await screen.findByText('Give a reason.')
    await expectNoA11yViolations(container)
  })

  it('is a labelled, described text area that takes its props and sends what is written, lines and all', async () => {
    const onSubmit = vi.fn()
    render(<Reject onSubmit={onSubmit} />)
    const reason = screen.getByRole('textbox', { name: /Reason/ })
    expect(reason.tagName).toBe('TEXTAREA')
    expect(reason).toHaveAttribute('rows', '3')
    expect(reason).toHaveAttribute('maxlength', '200')
    expect(reason).toBeRequired()
    expect(reason).toHaveAccessibleDescription('The customer reads this in their notification.')
    await userEvent.type(reason, 'Blurry scan.{Enter}Send it again.')
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }))
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ reason: 'Blurry scan.\nSend it again.' }))
  })

  it('starts from the form’s value', () => {
    render(<Reject reason="Duplicate request." />)
    expect(screen.getByRole('textbox', { name: /Reason/ })).toHaveValue('Duplicate request.')
  })

  it('shows the form state’s error once left, and clears it when the value is right', async () => {
    render(<Reject />)
    const reason = screen.getByRole('textbox', { name: /Reason/ })
    await userEvent.click(reason)
    await userEvent.tab()
    expect(await screen.findByText('Give a reason.')).toBeInTheDocument()
    expect(reason).toHaveAttribute('aria-invalid', 'true')
    await userEvent.type(reason, 'Blurry scan.')
    await waitFor(() => expect(screen.queryByText('Give a reason.')).not.toBeInTheDocument())
  })

  it('takes the focus when the form sets an error on it, e.g. the server’s', async () => {
    render(<Reject reason="Too short" serverError="The reason is too vague." />)
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }))
    expect(await screen.findByText('The reason is too vague.')).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: /Reason/ })).toHaveFocus()
  })
})
