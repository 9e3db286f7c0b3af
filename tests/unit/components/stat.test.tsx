import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Stat } from '../../../src/components/ui'
import { expectNoA11yViolations } from './test-utils'

describe('Stat', () => {
  it('has no accessibility violations', async () => {
    const { container } = render(
      <dl>
        <Stat label="Equity">$1,000.00</Stat>
        <Stat tile label="Free margin">
          $900.00
        </Stat>
        <Stat label="Savings balance" size="lg" numeric note="4.00 % a year (APR)">
          $300.00
        </Stat>
      </dl>,
    )
    await expectNoA11yViolations(container)
  })

  it('pairs its label with its value, and puts the test id on the value', () => {
    render(
      <dl>
        <Stat label="Balance" data-testid="balance">
          $10.00
        </Stat>
        <Stat tile wide label="Margin level" data-testid="level">
          250.00%
        </Stat>
      </dl>,
    )
    expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual(['Balance', 'Margin level'])
    expect(screen.getByTestId('balance')).toHaveTextContent('$10.00')
    expect(screen.getByTestId('balance').tagName).toBe('DD')
    const level = screen.getByText('Margin level').parentElement as HTMLElement
    expect(within(level).getByRole('definition')).toBe(screen.getByTestId('level'))
  })

  it('looks different as a tile, and a wide one takes its own line', () => {
    render(
      <dl>
        <Stat label="Plain">1</Stat>
        <Stat tile label="Tile">
          2
        </Stat>
        <Stat tile wide label="Wide">
          3
        </Stat>
      </dl>,
    )
    const plain = screen.getByText('Plain').parentElement as HTMLElement
    const tile = screen.getByText('Tile').parentElement as HTMLElement
    const wide = screen.getByText('Wide').parentElement as HTMLElement
    expect(tile.className).not.toBe(plain.className)
    expect(wide.className.split(' ').length).toBeGreaterThan(tile.className.split(' ').length)
  })

  it('says its note under the figure, in a value of its own, and sizes a headline figure', () => {
    render(
      <dl>
        <Stat label="Dense" data-testid="dense">
          1
        </Stat>
        <Stat label="Savings balance" size="lg" numeric note="4.00 % a year (APR)" data-testid="savings">
          $300.00
        </Stat>
      </dl>,
    )
    const savings = screen.getByTestId('savings')
    expect(savings).toHaveTextContent(/^\$300\.00$/)
    const definitions = within(screen.getByText('Savings balance').parentElement as HTMLElement).getAllByRole(
      'definition',
    )
    expect(definitions.map((definition) => definition.textContent)).toEqual([
      '$300.00',
      '4.00 % a year (APR)',
    ])
    expect(savings.className).not.toBe(screen.getByTestId('dense').className)
  })
})
