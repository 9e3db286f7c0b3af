import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { FigureGrid } from '../../../src/components/ui'
import { expectNoA11yViolations } from './test-utils'

const FIGURES = [
  { key: 'price', label: 'Price', value: '1.08412' },
  { key: 'tp', label: 'TP', value: '—' },
  { key: 'expiry', label: 'Expiry', value: '15 Jul 2026, 14:30', wide: true },
]

describe('FigureGrid', () => {
  it('has no accessibility violations', async () => {
    const { container } = render(<FigureGrid figures={FIGURES} />)
    await expectNoA11yViolations(container)
  })

  it('pairs each label with its value, in order', () => {
    render(<FigureGrid figures={FIGURES} />)
    const terms = screen.getAllByRole('term').map((term) => term.textContent)
    const definitions = screen.getAllByRole('definition').map((definition) => definition.textContent)
    expect(terms).toEqual(['Price', 'TP', 'Expiry'])
    expect(definitions).toEqual(['1.08412', '—', '15 Jul 2026, 14:30'])
    const price = screen.getByText('Price').parentElement as HTMLElement
    expect(within(price).getByRole('definition')).toHaveTextContent('1.08412')
  })

  it('marks a wide figure to take its own line', () => {
    render(<FigureGrid figures={FIGURES} />)
    expect(screen.getByText('Expiry').parentElement).toHaveAttribute('data-wide')
    expect(screen.getByText('Price').parentElement).not.toHaveAttribute('data-wide')
  })
})
