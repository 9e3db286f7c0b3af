import { zodResolver } from '@hookform/resolvers/zod'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useForm } from 'react-hook-form'
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { AmountField } from '../../../src/components/ui/amount-field'
import { expectNoA11yViolations } from './test-utils'

const schema = z.object({ amount: z.string().regex(/^\d+(\.\d{1,2})?$/, 'Enter an amount such as 250.00.') })
type Values = z.infer<typeof schema>

function Deposit(props: { onSubmit?: (values: Values) => void; placeholder?: string }) {
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { amount: '' } })
  return (
    <form
      aria-label="Deposit"
      noValidate
      onSubmit={(event) => void form.handleSubmit((v) => props.onSubmit?.(v))(event)}
    >
      <AmountField
        control={form.control}
        name="amount"
        label="Amount"
        description="In USD."
        placeholder={props.placeholder}
      />
      <button type="submit">Deposit</button>
    </form>
  )
}

describe('AmountField', () => {
  it('has no accessibility violations, with and without an error', async () => {
    const { container } = render(<Deposit />)
    await expectNoA11yViolations(container)
    await userEvent.type(screen.getByRole('textbox', { name: 'Amount' }), 'lots{Enter}')
    expect(await screen.findByText('Enter an amount such as 250.00.')).toBeInTheDocument()
    await expectNoA11yViolations(container)
  })

  it('asks for the decimal keyboard and no autofill, with 0.00 until something is typed', () => {
    render(<Deposit />)
    const input = screen.getByRole('textbox', { name: 'Amount' })
    expect(input).toHaveAttribute('inputmode', 'decimal')
    expect(input).toHaveAttribute('autocomplete', 'off')
    expect(input).toHaveAttribute('placeholder', '0.00')
    expect(input).toHaveAccessibleDescription('In USD.')
  })

  it('takes a placeholder of its own', () => {
    render(<Deposit placeholder="-0.00" />)
    expect(screen.getByRole('textbox', { name: 'Amount' })).toHaveAttribute('placeholder', '-0.00')
  })

  it('is bound to the form: what is typed is the value submitted', async () => {
    const onSubmit = vi.fn()
    render(<Deposit onSubmit={onSubmit} />)
    await userEvent.type(screen.getByRole('textbox', { name: 'Amount' }), '250.50{Enter}')
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ amount: '250.50' }))
  })
})
