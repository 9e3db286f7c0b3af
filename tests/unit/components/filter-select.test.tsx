import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { FilterSelect } from '../../../src/components/ui/filter-select'
import { expectNoA11yViolations } from './test-utils'

const TYPES = [
  { value: 'deposit', label: 'Deposit' },
  { value: 'withdrawal', label: 'Withdrawal' },
] as const
type Type = (typeof TYPES)[number]['value']

function Harness(props: { initial?: Type; onChange?: (value: Type | undefined) => void }) {
  const [value, setValue] = useState<Type | undefined>(props.initial)
  return (
    <FilterSelect
      label="Type"
      name="transaction-type"
      allLabel="All types"
      options={TYPES}
      value={value}
      onChange={(next) => {
        setValue(next)
        props.onChange?.(next)
      }}
    />
  )
}

describe('FilterSelect', () => {
  it('has no accessibility violations, closed and open', async () => {
    const { container } = render(<Harness />)
    await expectNoA11yViolations(container)
    await userEvent.click(screen.getByRole('combobox', { name: 'Type' }))
    const listbox = await screen.findByRole('listbox')
    await expectNoA11yViolations(container, listbox)
  })

  it('shows All while nothing filters, and offers All before the values', async () => {
    render(<Harness />)
    const trigger = screen.getByRole('combobox', { name: 'Type' })
    expect(trigger).toHaveTextContent('All types')
    await userEvent.click(trigger)
    const options = await screen.findAllByRole('option')
    expect(options.map((option) => option.textContent)).toEqual(['All types', 'Deposit', 'Withdrawal'])
  })

  it('hands over the value chosen, and undefined for All', async () => {
    const onChange = vi.fn()
    render(<Harness initial="deposit" onChange={onChange} />)
    const trigger = screen.getByRole('combobox', { name: 'Type' })
    expect(trigger).toHaveTextContent('Deposit')
    await userEvent.click(trigger)
    await userEvent.click(await screen.findByRole('option', { name: 'Withdrawal' }))
    expect(onChange).toHaveBeenLastCalledWith('withdrawal')
    await userEvent.click(trigger)
    await userEvent.click(await screen.findByRole('option', { name: 'All types' }))
    expect(onChange).toHaveBeenLastCalledWith(undefined)
    expect(trigger).toHaveTextContent('All types')
  })
})
