import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { FilterActions } from '../../../src/components/ui/list-table'
import { expectNoA11yViolations } from './test-utils'

function Filters(props: { onApply: () => void; onClear: () => void }) {
  return (
    <form
      aria-label="Filter the list"
      onSubmit={(event) => {
        event.preventDefault()
        props.onApply()
      }}
    >
      <label>
        Client ID
        <input name="client" />
      </label>
      <FilterActions>
        <button type="submit">Apply</button>
        <button type="button" onClick={props.onClear}>
          Clear filters
        </button>
      </FilterActions>
    </form>
  )
}

describe('FilterActions', () => {
  it('has no accessibility violations', async () => {
    const { container } = render(<Filters onApply={() => {}} onClear={() => {}} />)
    await expectNoA11yViolations(container)
  })

  it('holds the buttons beside a space that assistive technology does not read', () => {
    render(<Filters onApply={() => {}} onClear={() => {}} />)
    const cell = screen.getByRole('button', { name: 'Apply' }).parentElement as HTMLElement
    expect(within(cell).getByRole('button', { name: 'Clear filters' })).toBeInTheDocument()
    const space = cell.firstElementChild as HTMLElement
    expect(space).toHaveAttribute('aria-hidden', 'true')
    expect(space.textContent).toBe('\u00a0')
  })

  it('leaves the buttons to work as the form’s, by keyboard and pointer', async () => {
    const onApply = vi.fn()
    const onClear = vi.fn()
    render(<Filters onApply={onApply} onClear={onClear} />)
    await userEvent.click(screen.getByRole('textbox', { name: 'Client ID' }))
    await userEvent.keyboard('7{Enter}')
    expect(onApply).toHaveBeenCalledTimes(1)
    await userEvent.tab()
    await userEvent.tab()
    expect(screen.getByRole('button', { name: 'Clear filters' })).toHaveFocus()
    await userEvent.keyboard(' ')
    expect(onClear).toHaveBeenCalledTimes(1)
  })
})
