import { render, screen } from '@testing-library/react'
import { Inbox } from 'lucide-react'
import { describe, expect, it } from 'vitest'
import { EmptyState } from '../../../src/components/ui'
import { ListEmpty } from '../../../src/components/ui/list-table'
import { expectNoA11yViolations } from './test-utils'

describe('EmptyState', () => {
  it('has no accessibility violations', async () => {
    const { container } = render(
      <EmptyState
        icon={Inbox}
        title="No requests are waiting"
        description="New requests appear here."
        action={<button>Clear filters</button>}
      />,
    )
    await expectNoA11yViolations(container)
  })

  it('says what is missing and what would fill it, with its action; the icon is hidden from screen readers', () => {
    const { container } = render(
      <EmptyState
        icon={Inbox}
        title="No deposits yet"
        description="Your deposits appear here."
        action={<button>Deposit</button>}
        data-testid="empty"
      />,
    )
    const empty = screen.getByTestId('empty')
    expect(empty).toHaveTextContent('No deposits yetYour deposits appear here.Deposit')
    expect(screen.getByRole('button', { name: 'Deposit' })).toBeInTheDocument()
    expect(container.querySelector('svg')).toHaveAttribute('aria-hidden', 'true')
  })

  it('leaves out what it was not given, and drops its frame on request', () => {
    render(
      <>
        <EmptyState title="Nothing here" data-testid="bare" framed={false} />
        <EmptyState title="Nothing here" data-testid="framed" />
      </>,
    )
    const bare = screen.getByTestId('bare')
    expect(bare.querySelector('svg')).toBeNull()
    expect(bare.querySelectorAll('p')).toHaveLength(1)
    expect(bare.className.split(' ').length).toBeLessThan(
      screen.getByTestId('framed').className.split(' ').length,
    )
  })

  it('is the look of a list with no rows', () => {
    render(
      <>
        <ListEmpty icon={Inbox} title="No withdrawals" description="None yet." />
        <EmptyState icon={Inbox} title="No deposits" description="None yet." data-testid="state" />
      </>,
    )
    expect(screen.getByText('No withdrawals').parentElement?.className).toBe(
      screen.getByTestId('state').className,
    )
  })
})
