import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { SegmentGroup } from '../../../src/components/ui'
import { expectNoA11yViolations } from './test-utils'

const OPTIONS = [
  { value: 'lots', label: 'Lots' },
  { value: 'units', label: 'Units' },
  { value: 'currency', label: 'USD' },
  { value: 'points', label: 'Points', disabled: true },
]

function Controlled(props: {
  onChange?: (value: string | null) => void
  hideLabel?: boolean
  variant?: 'enclosed' | 'outline'
}) {
  const [value, setValue] = useState<string | null>('lots')
  return (
    <SegmentGroup
      label="Volume unit"
      hideLabel={props.hideLabel}
      variant={props.variant}
      options={OPTIONS}
      value={value}
      onValueChange={(details) => {
        setValue(details.value)
        props.onChange?.(details.value)
      }}
    />
  )
}

describe('SegmentGroup', () => {
  it('has no accessibility violations in either variant, with its name shown or hidden', async () => {
    const { container } = render(
      <div>
        <Controlled />
        <Controlled variant="outline" hideLabel />
      </div>,
    )
    await expectNoA11yViolations(container)
  })

  it('is a named group of radios, one checked, a disabled option not offered', () => {
    render(<Controlled hideLabel />)
    expect(screen.getByRole('radiogroup', { name: 'Volume unit' })).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: 'Lots' })).toBeChecked()
    expect(screen.getByRole('radio', { name: 'Units' })).not.toBeChecked()
    expect(screen.getByRole('radio', { name: 'Points' })).toBeDisabled()
    expect(screen.getByText('Lots').closest('label')).toHaveAttribute('data-state', 'checked')
  })

  it('takes one Tab stop, and the arrow keys choose, skipping a disabled option', async () => {
    const onChange = vi.fn()
    render(
      <>
        <Controlled onChange={onChange} />
        <button type="button">After</button>
      </>,
    )
    await userEvent.tab()
    expect(screen.getByRole('radio', { name: 'Lots' })).toHaveFocus()
    await userEvent.keyboard('{ArrowRight}')
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Units' })).toBeChecked())
    expect(onChange).toHaveBeenLastCalledWith('units')
    await userEvent.keyboard('{ArrowRight}')
    await waitFor(() => expect(screen.getByRole('radio', { name: 'USD' })).toBeChecked())
    await userEvent.keyboard('{ArrowLeft}')
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Units' })).toBeChecked())
    expect(screen.getByRole('radio', { name: 'Lots' })).not.toBeChecked()
    await userEvent.tab()
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus()
  })

  it('chooses the segment the pointer presses, and not a disabled one', async () => {
    const onChange = vi.fn()
    render(<Controlled onChange={onChange} />)
    await userEvent.click(screen.getByText('USD'))
    expect(onChange).toHaveBeenCalledWith('currency')
    await waitFor(() => expect(screen.getByRole('radio', { name: 'USD' })).toBeChecked())
    expect(screen.getByRole('radio', { name: 'Lots' })).not.toBeChecked()
    await userEvent.click(screen.getByText('Points'))
    expect(onChange).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('radio', { name: 'USD' })).toBeChecked()
  })
})
