import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { amountCell, cell, linkedRow, ListTable, row, rowLink } from '../../../src/components/ui/list-table'
import { expectNoA11yViolations } from './test-utils'

function Clients(props: { flush?: boolean; onOpen?: () => void }) {
  return (
    <ListTable
      data-testid="clients"
      caption="Clients"
      columns={['Client', { label: 'Balance', align: 'end' }]}
      flush={props.flush}
    >
      {['Ann Lee', 'Bo Chan'].map((name) => (
        <tr key={name} className={linkedRow} data-testid="client-row">
          <td className={cell} data-label="Client">
            <a
              href={`#${name}`}
              className={rowLink}
              onClick={(event) => {
                event.preventDefault()
                props.onOpen?.()
              }}
            >
              {name}
            </a>
          </td>
          <td className={amountCell} data-label="Balance">
            $1,000.00
          </td>
        </tr>
      ))}
    </ListTable>
  )
}

describe('ListTable', () => {
  it('has no accessibility violations, framed or flush in a card', async () => {
    const { container } = render(
      <>
        <Clients />
        <Clients flush />
      </>,
    )
    await expectNoA11yViolations(container)
  })

  it('is a table named by its caption, with its column headers and the caller rows', () => {
    render(<Clients />)
    const table = screen.getByRole('table', { name: 'Clients' })
    expect(table).toBe(screen.getByTestId('clients'))
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Client', 'Balance'])
    expect(within(table).getByRole('columnheader', { name: 'Balance' })).toHaveAttribute('data-align', 'end')
    expect(within(table).getAllByTestId('client-row')).toHaveLength(2)
    expect(within(table).getByRole('row', { name: /Bo Chan/ })).toBeInTheDocument()
  })

  it("a linked row's link is the one stop for the keyboard and opens with Enter or a click", async () => {
    const user = userEvent.setup()
    const onOpen = vi.fn()
    render(<Clients onOpen={onOpen} />)
    await user.tab()
    expect(screen.getByRole('link', { name: 'Ann Lee' })).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(onOpen).toHaveBeenCalledTimes(1)
    await user.tab()
    expect(screen.getByRole('link', { name: 'Bo Chan' })).toHaveFocus()
    await user.click(screen.getByRole('link', { name: 'Bo Chan' }))
    expect(onOpen).toHaveBeenCalledTimes(2)
    // The row is positioned, so the link's overlay covers it and not the page.
    expect(screen.getAllByTestId('client-row')[0]?.className).toMatch(/\bpos_relative\b/)
  })

  it('flush drops the frame: a card around it is the frame already', () => {
    const { container } = render(
      <>
        <Clients />
        <Clients flush />
      </>,
    )
    const [framed, flush] = [...container.querySelectorAll('table')].map((table) => table.parentElement)
    expect(framed?.className).not.toBe(flush?.className)
    expect(flush?.className).not.toMatch(/bd-w_1px|bg_bg\.surface/)
  })

  it('says a newer page is loading over a stale one', () => {
    render(
      <ListTable data-testid="t" caption="Requests" columns={['Type']} stale>
        <tr className={row}>
          <td className={cell}>Sign-up</td>
        </tr>
      </ListTable>,
    )
    expect(screen.getByTestId('t').parentElement).toHaveAttribute('aria-busy', 'true')
  })
})
