import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { RadioGroup } from '../../../src/components/ui'
import { expectNoA11yViolations } from './test-utils'

const OPTIONS = [
  { value: 'all', label: 'All positions (3)' },
  { value: 'asset', label: 'EUR/USD positions (2)' },
  { value: 'none', label: 'Nothing to close (0)', disabled: true },
]

function Controlled({ onChange }: { onChange?: (value: string | null) => void }) {
  const [value, setValue] = useState<string | null>('all')
  return (
    <RadioGroup
      label="Close"
      options={OPTIONS}
      value={value}
      onValueChange={(details) => {
        setValue(details.value)
        onChange?.(details.value)
      }}
    />
  )
}

describe('RadioGroup', () => {
  it('has no accessibility violations', async () => {
    const { container } = render(<Controlled />)
    await expectNoA11yViolations(container)
  })

  it('is a named group of radios, one checked, a disabled option not offered', () => {
    render(<Controlled />)
    expect(screen.getByRole('radiogroup', { name: 'Close' })).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: 'All positions (3)' })).toBeChecked()
    expect(screen.getByRole('radio', { name: 'EUR/USD positions (2)' })).not.toBeChecked()
    expect(screen.getByRole('radio', { name: 'Nothing to close (0)' })).toBeDisabled()
  })

  it('changes on a click on the option’s text', async () => {
    const onChange = vi.fn()
    render(<Controlled onChange={onChange} />)
    await userEvent.click(screen.getByText('EUR/USD positions (2)'))
    expect(onChange).toHaveBeenCalledWith('asset')
    await waitFor(() => expect(screen.getByRole('radio', { name: 'EUR/USD positions (2)' })).toBeChecked())
    expect(screen.getByRole('radio', { name: 'All positions (3)' })).not.toBeChecked()
  })

  it('takes one Tab stop, and the arrow keys choose', async () => {
    const onChange = vi.fn()
    render(
      <>
        <Controlled onChange={onChange} />
        <button type="button">After</button>
      </>,
    )
    await userEvent.tab()
    expect(screen.getByRole('radio', { name: 'All positions (3)' })).toHaveFocus()
    await userEvent.keyboard('{ArrowDown}')
    await waitFor(() => expect(screen.getByRole('radio', { name: 'EUR/USD positions (2)' })).toBeChecked())
    expect(onChange).toHaveBeenLastCalledWith('asset')
    await userEvent.tab()
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus()
  })
})
