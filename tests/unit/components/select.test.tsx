import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { createListCollection, Select } from '../../../src/components/ui'
import { expectNoA11yViolations } from './test-utils'

const countries = createListCollection({
  items: [
    { label: 'Nigeria', value: 'nigeria' },
    { label: 'United Kingdom', value: 'united-kingdom' },
    { label: 'United States', value: 'united-states' },
  ],
})

function CountrySelect(props: { onChange?: (value: string[]) => void }) {
  const [value, setValue] = useState<string[]>([])
  return (
    <form aria-label="Country form">
      <Select.Root
        collection={countries}
        name="country"
        value={value}
        onValueChange={(details) => {
          setValue(details.value)
          props.onChange?.(details.value)
        }}
      >
        <Select.Label>Country</Select.Label>
        <Select.Control>
          <Select.Trigger>
            <Select.ValueText placeholder="Select a country" />
            <Select.Indicator />
          </Select.Trigger>
        </Select.Control>
        <Select.Positioner>
          <Select.Content>
            {countries.items.map((item) => (
              <Select.Item key={item.value} item={item}>
                <Select.ItemText>{item.label}</Select.ItemText>
                <Select.ItemIndicator />
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Positioner>
        <Select.HiddenSelect />
      </Select.Root>
    </form>
  )
}

describe('Select', () => {
  it('has no accessibility violations, closed and open', async () => {
    const { container } = render(<CountrySelect />)
    await expectNoA11yViolations(container)
    await userEvent.click(screen.getByRole('combobox', { name: 'Country' }))
    const listbox = await screen.findByRole('listbox')
    await expectNoA11yViolations(container, listbox)
  })

  it('picks an item with the pointer', async () => {
    const onChange = vi.fn()
    render(<CountrySelect onChange={onChange} />)
    await userEvent.click(screen.getByRole('combobox', { name: 'Country' }))
    await userEvent.click(await screen.findByRole('option', { name: 'United Kingdom' }))
    expect(onChange).toHaveBeenCalledWith(['united-kingdom'])
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveTextContent('United Kingdom')
  })

  it('picks an item from the keyboard and fills the native select for the form', async () => {
    const { container } = render(<CountrySelect />)
    const trigger = screen.getByRole('combobox', { name: 'Country' })
    trigger.focus()
    await userEvent.keyboard('{Enter}')
    await screen.findByRole('listbox')
    // Opening highlights the first item a frame later; an arrow pressed before that would be overtaken by it.
    await waitFor(() =>
      expect(screen.getByRole('option', { name: 'Nigeria' })).toHaveAttribute('data-highlighted'),
    )
    await userEvent.keyboard('{ArrowDown}{Enter}')
    await waitFor(() => expect(trigger).toHaveTextContent(/United/))
    const native = container.querySelector('select[name="country"]') as HTMLSelectElement
    expect(native.value).toMatch(/^united-/)
  })
})
