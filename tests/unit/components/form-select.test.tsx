import { zodResolver } from '@hookform/resolvers/zod'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useForm } from 'react-hook-form'
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { FormSelect } from '../../../src/components/ui/form-select'
import { expectNoA11yViolations } from './test-utils'

const schema = z.object({ coin: z.string().min(1, 'Choose a coin.') })
type Values = z.infer<typeof schema>

const COINS = [
  { value: 'btc', label: 'Bitcoin (BTC)' },
  { value: 'eth', label: 'Ether (ETH)' },
]

function CoinForm(props: { onSubmit?: (values: Values) => void; onValueChange?: (value: string) => void }) {
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { coin: '' } })
  return (
    <form
      aria-label="Coin"
      noValidate
      onSubmit={(event) => void form.handleSubmit((values) => props.onSubmit?.(values))(event)}
    >
      <FormSelect
        control={form.control}
        name="coin"
        label="Coin"
        options={COINS}
        placeholder="Choose a coin"
        description="Only coins we can pay out."
        onValueChange={props.onValueChange}
      />
      <button type="submit">Continue</button>
    </form>
  )
}

describe('FormSelect', () => {
  it('has no accessibility violations, closed, open and with an error', async () => {
    const { container } = render(<CoinForm />)
    await expectNoA11yViolations(container)
    await userEvent.click(screen.getByRole('combobox', { name: 'Coin' }))
    const listbox = await screen.findByRole('listbox')
    await expectNoA11yViolations(container, listbox)
    await userEvent.keyboard('{Escape}')
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
    await screen.findByText('Choose a coin.')
    await expectNoA11yViolations(container)
  })

  it('shows the form state’s error, focuses the trigger, and clears the error once a coin is picked', async () => {
    const onSubmit = vi.fn()
    render(<CoinForm onSubmit={onSubmit} />)
    const trigger = screen.getByRole('combobox', { name: 'Coin' })
    expect(trigger).toHaveTextContent('Choose a coin')
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByText('Choose a coin.')).toBeInTheDocument()
    expect(trigger).toHaveFocus()
    expect(trigger).toHaveAccessibleDescription('Choose a coin. Only coins we can pay out.')
    expect(onSubmit).not.toHaveBeenCalled()

    await userEvent.click(trigger)
    await userEvent.click(await screen.findByRole('option', { name: 'Ether (ETH)' }))
    await waitFor(() => expect(screen.queryByText('Choose a coin.')).not.toBeInTheDocument())
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ coin: 'eth' }))
  })

  it('is chosen from the keyboard and tells onValueChange after the form’s value changed', async () => {
    const onValueChange = vi.fn()
    render(<CoinForm onValueChange={onValueChange} />)
    const trigger = screen.getByRole('combobox', { name: 'Coin' })
    trigger.focus()
    await userEvent.keyboard('{Enter}')
    await screen.findByRole('listbox')
    await waitFor(() =>
      expect(screen.getByRole('option', { name: 'Bitcoin (BTC)' })).toHaveAttribute('data-highlighted'),
    )
    await userEvent.keyboard('{ArrowDown}{Enter}')
    await waitFor(() => expect(trigger).toHaveTextContent('Ether (ETH)'))
    expect(onValueChange).toHaveBeenCalledWith('eth')
  })

  it('describes each select by its own messages when two forms have a field of one name', async () => {
    render(
      <>
        <CoinForm />
        <CoinForm />
      </>,
    )
    for (const button of screen.getAllByRole('button', { name: 'Continue' })) await userEvent.click(button)
    await waitFor(() => expect(screen.getAllByText('Choose a coin.')).toHaveLength(2))
    const [first, second] = screen.getAllByRole('combobox', { name: 'Coin' })
    const described = (trigger: HTMLElement | undefined) => trigger?.getAttribute('aria-describedby') ?? ''
    expect(described(first)).not.toBe('')
    expect(described(first)).not.toBe(described(second))
    expect(first).toHaveAccessibleDescription('Choose a coin. Only coins we can pay out.')
    expect(second).toHaveAccessibleDescription('Choose a coin. Only coins we can pay out.')
  })
})
