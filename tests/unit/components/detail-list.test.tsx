import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { DetailList } from '../../../src/components/ui'
import { expectNoA11yViolations } from './test-utils'

const ROWS = [
  { key: 'symbol', label: 'Symbol', value: 'EUR/USD' },
  { key: 'bid', label: 'Bid (sell)', value: '1.08412', numeric: true },
  { key: 'hours', label: 'Trading hours', value: 'Sunday 22:00 to Friday 22:00 UTC' },
]

describe('DetailList', () => {
  it('has no accessibility violations', async () => {
    const { container } = render(<DetailList rows={ROWS} />)
    await expectNoA11yViolations(container)
  })

  it('pairs each label with its value, in order', () => {
    render(<DetailList rows={ROWS} />)
    const terms = screen.getAllByRole('term').map((term) => term.textContent)
    const definitions = screen.getAllByRole('definition').map((definition) => definition.textContent)
    expect(terms).toEqual(['Symbol', 'Bid (sell)', 'Trading hours'])
    expect(definitions).toEqual(['EUR/USD', '1.08412', 'Sunday 22:00 to Friday 22:00 UTC'])
    const bid = screen.getByText('Bid (sell)').parentElement as HTMLElement
    expect(within(bid).getByRole('definition')).toHaveTextContent('1.08412')
  })

  it('sets a numeric value in a span of its own and leaves the others as they are', () => {
    render(<DetailList rows={ROWS} />)
    const bid = within(screen.getByText('Bid (sell)').parentElement as HTMLElement).getByRole('definition')
    expect(bid.firstElementChild?.tagName).toBe('SPAN')
    const symbol = within(screen.getByText('Symbol').parentElement as HTMLElement).getByRole('definition')
    expect(symbol.firstElementChild).toBeNull()
  })

  it('gives each row of a record a test id from its key, and the rows of figures none', () => {
    const { unmount } = render(<DetailList rows={ROWS} kind="record" />)
    expect(screen.getByTestId('detail-symbol')).toHaveTextContent('EUR/USD')
    expect(screen.getByTestId('detail-hours')).toHaveTextContent('Trading hours')
    unmount()
    render(<DetailList rows={ROWS} />)
    expect(screen.queryByTestId('detail-symbol')).toBeNull()
  })
})
