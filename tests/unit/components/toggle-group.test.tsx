import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { ToggleGroup, type ToggleOption } from '../../../src/components/ui/toggle-group'
import { expectNoA11yViolations } from './test-utils'

type Timeframe = '1m' | '5m' | '1h'
const TIMEFRAMES: readonly ToggleOption<Timeframe>[] = [
  { value: '1m', label: '1m', title: '1 minute' },
  { value: '5m', label: '5m', title: '5 minutes' },
  { value: '1h', label: '1h', title: '1 hour' },
]

function Timeframes(props: {
  onChange?: (value: Timeframe) => void
  variant?: 'ghost' | 'chips' | 'enclosed'
}) {
  const [value, setValue] = useState<Timeframe>('5m')
  return (
    <ToggleGroup
      label="Timeframe"
      options={TIMEFRAMES}
      value={value}
      variant={props.variant}
      onValueChange={(next) => {
        setValue(next)
        props.onChange?.(next)
      }}
    />
  )
}

describe('ToggleGroup', () => {
  it('has no accessibility violations, in each look', async () => {
    const { container } = render(
      <>
        <Timeframes />
        <Timeframes variant="chips" />
        <Timeframes variant="enclosed" />
      </>,
    )
    await expectNoA11yViolations(container)
  })

  it('is a named group of buttons, exactly one pressed, each named by its words and titled by its longer name', () => {
    render(<Timeframes />)
    const group = screen.getByRole('group', { name: 'Timeframe' })
    const buttons = within(group).getAllByRole('button')
    expect(buttons.map((button) => button.textContent)).toEqual(['1m', '5m', '1h'])
    expect(within(group).getByRole('button', { name: '5m', pressed: true })).toHaveAttribute(
      'title',
      '5 minutes',
    )
    expect(within(group).getAllByRole('button', { pressed: false })).toHaveLength(2)
    for (const button of buttons) expect(button).toHaveAttribute('type', 'button')
  })

  it('presses a button by pointer, and by Tab then Enter or Space: each button is its own Tab stop', async () => {
    const onChange = vi.fn()
    render(<Timeframes onChange={onChange} />)
    await userEvent.click(screen.getByRole('button', { name: '1h' }))
    expect(onChange).toHaveBeenLastCalledWith('1h')
    expect(screen.getByRole('button', { name: '1h' })).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByRole('button', { name: '5m' })).toHaveAttribute('aria-pressed', 'false')

    screen.getByRole('button', { name: '1m' }).focus()
    await userEvent.tab()
    expect(screen.getByRole('button', { name: '5m' })).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    expect(onChange).toHaveBeenLastCalledWith('5m')
    await userEvent.tab({ shift: true })
    await userEvent.keyboard(' ')
    expect(onChange).toHaveBeenLastCalledWith('1m')
    expect(screen.getByRole('button', { name: '1m', pressed: true })).toHaveFocus()
  })

  it('wraps its chips to another row when asked, and scrolls them sideways otherwise', () => {
    const chips = (wrap?: boolean) => (
      <ToggleGroup
        label={wrap ? 'Wrapped' : 'Scrolled'}
        options={TIMEFRAMES}
        value="1m"
        variant="chips"
        wrap={wrap}
        onValueChange={() => {}}
      />
    )
    render(
      <>
        {chips(true)}
        {chips()}
      </>,
    )
    expect(screen.getByRole('group', { name: 'Wrapped' }).className).toContain('flex-wrap_wrap')
    expect(screen.getByRole('group', { name: 'Scrolled' }).className).not.toContain('flex-wrap_wrap')
    expect(screen.getByRole('group', { name: 'Scrolled' }).className).toContain('ov-x_auto')
  })
})
