import { zodResolver } from '@hookform/resolvers/zod'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useForm } from 'react-hook-form'
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { FormCheckbox } from '../../../src/components/ui/form-checkbox'
import { expectNoA11yViolations } from './test-utils'

const schema = z.object({
  agree: z.boolean().refine((value) => value, 'Please accept the privacy policy.'),
  news: z.boolean(),
})
type Values = z.infer<typeof schema>

function Consent(props: { onSubmit?: (values: Values) => void; agree?: boolean }) {
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { agree: props.agree ?? false, news: false },
  })
  return (
    <form
      aria-label="Consent"
      noValidate
      onSubmit={(event) => void form.handleSubmit((values) => props.onSubmit?.(values))(event)}
    >
      <FormCheckbox control={form.control} name="agree" label="I agree to the privacy policy" />
      <FormCheckbox control={form.control} name="news" label="Send me news" />
      <button type="submit">Continue</button>
    </form>
  )
}

describe('FormCheckbox', () => {
  it('has no accessibility violations, with and without an error', async () => {
    const { container } = render(<Consent />)
    await expectNoA11yViolations(container)
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
    await screen.findByRole('alert')
    await expectNoA11yViolations(container)
  })

  it('starts from the form’s value and sends whether it is ticked, by pointer and by Space', async () => {
    const onSubmit = vi.fn()
    render(<Consent agree onSubmit={onSubmit} />)
    expect(screen.getByRole('checkbox', { name: 'I agree to the privacy policy' })).toBeChecked()
    const news = screen.getByRole('checkbox', { name: 'Send me news' })
    expect(news).not.toBeChecked()
    await userEvent.click(screen.getByText('Send me news'))
    await waitFor(() => expect(news).toBeChecked())
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ agree: true, news: true }))

    news.focus()
    await userEvent.keyboard(' ')
    await waitFor(() => expect(news).not.toBeChecked())
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
    await waitFor(() => expect(onSubmit).toHaveBeenLastCalledWith({ agree: true, news: false }))
  })

  it('shows the form state’s error as an alert it is described by, takes the focus, and clears it once ticked', async () => {
    const onSubmit = vi.fn()
    render(<Consent onSubmit={onSubmit} />)
    const agree = screen.getByRole('checkbox', { name: 'I agree to the privacy policy' })
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Please accept the privacy policy.')
    expect(agree).toHaveAccessibleDescription('Please accept the privacy policy.')
    expect(agree).toHaveFocus()
    expect(onSubmit).not.toHaveBeenCalled()

    await userEvent.click(screen.getByText('I agree to the privacy policy'))
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ agree: true, news: false }))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(agree).not.toHaveAccessibleDescription()
  })
})
