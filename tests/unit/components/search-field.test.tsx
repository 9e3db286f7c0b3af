import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { describe, expect, it, vi } from 'vitest'
import { SearchField } from '../../../src/components/ui/search-field'
import { expectNoA11yViolations } from './test-utils'

function Controlled(props: { initial?: string; onClear?: () => void }) {
  const [text, setText] = useState(props.initial ?? '')
  return (
    <>
      <SearchField
        label="Search clients"
        placeholder="Name, e-mail or account ID"
        clearable
        value={text}
        onChange={(event) => setText(event.target.value)}
        onClear={props.onClear}
      />
      <output data-testid="echo">{text}</output>
    </>
  )
}

describe('SearchField', () => {
  it('has no accessibility violations: with a visible label, a hidden one, an aria-label and a clear button', async () => {
    const { container } = render(
      <>
        <Controlled initial="ann" />
        <SearchField label="Search users" hideLabel />
        <SearchField aria-label="Search assets" clearable defaultValue="btc" />
      </>,
    )
    await expectNoA11yViolations(container)
  })

  it('is a searchbox named by its label, shown or read only, with the icon hidden from screen readers', () => {
    const { container } = render(
      <>
        <SearchField label="Search clients" placeholder="Name, e-mail or account ID" />
        <SearchField label="Search users" hideLabel name="q" />
        <SearchField aria-label="Search assets" />
      </>,
    )
    const clients = screen.getByRole('searchbox', { name: 'Search clients' })
    expect(clients).toHaveAttribute('type', 'search')
    expect(clients).toHaveAttribute('placeholder', 'Name, e-mail or account ID')
    expect(screen.getByText('Search clients')).toBeVisible()
    expect(screen.getByRole('searchbox', { name: 'Search users' })).toHaveAttribute('name', 'q')
    expect(screen.getByRole('searchbox', { name: 'Search assets' })).toBeInTheDocument()
    for (const icon of container.querySelectorAll('svg')) expect(icon).toHaveAttribute('aria-hidden', 'true')
    // Without clearable, no button at all.
    expect(screen.queryByRole('button')).toBeNull()
  })

  it('types into a controlled field, and offers the clear button only while it holds text', async () => {
    const user = userEvent.setup()
    render(<Controlled />)
    const input = screen.getByRole('searchbox', { name: 'Search clients' })
    expect(screen.queryByRole('button', { name: 'Clear search' })).toBeNull()
    await user.type(input, 'ann@')
    expect(input).toHaveValue('ann@')
    expect(screen.getByTestId('echo')).toHaveTextContent('ann@')
    expect(screen.getByRole('button', { name: 'Clear search' })).toBeInTheDocument()
    await user.clear(input)
    expect(screen.queryByRole('button', { name: 'Clear search' })).toBeNull()
  })

  it('clears with the keyboard: Tab to the button, Enter, and the caret is back in the field', async () => {
    const user = userEvent.setup()
    const onClear = vi.fn()
    render(<Controlled initial="grid" onClear={onClear} />)
    const input = screen.getByRole('searchbox', { name: 'Search clients' })
    await user.click(input)
    await user.tab()
    expect(screen.getByRole('button', { name: 'Clear search' })).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(input).toHaveValue('')
    expect(screen.getByTestId('echo')).toHaveTextContent('')
    expect(onClear).toHaveBeenCalledTimes(1)
    expect(input).toHaveFocus()
    expect(screen.queryByRole('button', { name: 'Clear search' })).toBeNull()
    await user.keyboard('fx')
    expect(input).toHaveValue('fx')
    await user.tab()
    await user.keyboard(' ')
    expect(input).toHaveValue('')
  })

  it('clears with the pointer, telling onChange and onValueChange, controlled or not', async () => {
    const user = userEvent.setup()
    const onValueChange = vi.fn()
    render(
      <SearchField aria-label="Search assets" clearable defaultValue="btc" onValueChange={onValueChange} />,
    )
    const input = screen.getByRole('searchbox', { name: 'Search assets' })
    await user.click(screen.getByRole('button', { name: 'Clear search' }))
    expect(input).toHaveValue('')
    expect(onValueChange).toHaveBeenLastCalledWith('')
    expect(input).toHaveFocus()
    await user.type(input, 'eth')
    expect(onValueChange).toHaveBeenLastCalledWith('eth')
    expect(screen.getByRole('button', { name: 'Clear search' })).toBeInTheDocument()
  })

  it("works with react-hook-form's register(): the clear reaches the form", async () => {
    const user = userEvent.setup()
    const onValid = vi.fn()
    function Form() {
      const form = useForm({ defaultValues: { q: 'scalper' } })
      return (
        <form onSubmit={form.handleSubmit(onValid)}>
          {/* defaultValue tells the field it starts filled; register() alone sets the value after the render. */}
          <SearchField label="Search" clearable defaultValue="scalper" {...form.register('q')} />
          <button type="submit">Go</button>
        </form>
      )
    }
    render(<Form />)
    const input = screen.getByRole('searchbox', { name: 'Search' })
    expect(input).toHaveValue('scalper')
    await user.click(screen.getByRole('button', { name: 'Clear search' }))
    expect(input).toHaveValue('')
    await user.click(screen.getByRole('button', { name: 'Go' }))
    expect(onValid).toHaveBeenCalledWith({ q: '' }, expect.anything())
  })

  it('gives style props and className to the root, and disables its button with the field', () => {
    const { container } = render(
      <SearchField label="Search" w="80" className="extra" clearable disabled defaultValue="x" />,
    )
    const root = container.firstElementChild
    expect(root).toHaveClass('extra')
    expect(root?.className).toMatch(/w_80/)
    expect(screen.getByRole('searchbox', { name: 'Search' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Clear search' })).toBeDisabled()
  })
})
