import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { SectionCard, sectionHeadingId } from '../../../src/components/ui'
import { expectNoA11yViolations } from './test-utils'

describe('SectionCard', () => {
  it('has no accessibility violations', async () => {
    const { container } = render(
      <SectionCard
        title="Open positions"
        headingId="s-open"
        aside={<span>3</span>}
        description="At live prices."
      >
        <p>Body</p>
      </SectionCard>,
    )
    await expectNoA11yViolations(container)
  })

  it('is a region named by its heading, at the level asked for, with its aside, description and body', () => {
    render(
      <>
        <SectionCard title="Password" headingId="s-password" level="h3" data-testid="password-card">
          <p>Change it here</p>
        </SectionCard>
        <SectionCard
          title="Ledger"
          headingId="s-ledger"
          aside={<button>Export</button>}
          description="Every entry."
        >
          <p>Rows</p>
        </SectionCard>
      </>,
    )
    const password = screen.getByRole('region', { name: 'Password' })
    expect(password).toBe(screen.getByTestId('password-card'))
    expect(within(password).getByRole('heading', { level: 3, name: 'Password' })).toHaveAttribute(
      'id',
      's-password',
    )
    expect(within(password).getByText('Change it here')).toBeInTheDocument()

    const ledger = screen.getByRole('region', { name: 'Ledger' })
    expect(within(ledger).getByRole('heading', { level: 2, name: 'Ledger' })).toBeInTheDocument()
    expect(within(ledger).getByRole('button', { name: 'Export' })).toBeInTheDocument()
    expect(within(ledger).getByText('Every entry.')).toBeInTheDocument()
    expect(within(password).queryByRole('button')).toBeNull()
  })

  it('makes a heading id from a prefix and the title, in lower case with one dash for each run of other signs', () => {
    expect(sectionHeadingId('account-section', 'Two-factor authentication')).toBe(
      'account-section-two-factor-authentication',
    )
    expect(sectionHeadingId('client-section', 'Orders & trades')).toBe('client-section-orders-trades')
  })
})
