import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import {
  PlansComparisonDialog,
  type PlanColumn,
  type PlanFeatureRow,
} from '../../../src/features/marketplace/components/plans-comparison-dialog'
import { expectNoA11yViolations } from '../components/test-utils'

const FEATURES: PlanFeatureRow[] = [
  { id: 1, title: 'Minimum deposit' },
  { id: 2, title: 'Leverage' },
  { id: 3, title: 'Spreads from' },
  { id: 4, title: 'Personal account manager' },
]

const PLANS: PlanColumn[] = [
  {
    id: 1,
    title: 'Basic',
    color: '#3b82f6',
    features: ['250', '1:100', '1.5 pips', 'No'],
    recommended: false,
  },
  { id: 2, title: 'Pro', color: '#f59e0b', features: ['5000', '1:200', '0.6 pips'], recommended: true },
]

function renderDialog(props: {
  plans?: PlanColumn[]
  currentPlanId?: number | null
  onUpgrade?: (id: number) => void
}) {
  return render(
    <PlansComparisonDialog
      open
      onOpenChange={() => {}}
      plans={props.plans ?? PLANS}
      planFeatures={FEATURES}
      currentPlanId={props.currentPlanId ?? null}
      onUpgrade={props.onUpgrade}
    />,
  )
}

// Axe over a portalled dialog is slow on a busy two-core machine: more than the default 5 s per test.
describe('PlansComparisonDialog', { timeout: 20_000 }, () => {
  it('has no accessibility violations', async () => {
    const { container } = renderDialog({ currentPlanId: 1, onUpgrade: () => {} })
    const dialog = await screen.findByRole('dialog', { name: 'Account plans' })
    await expectNoA11yViolations(container, dialog)
  })

  it('puts the plans side by side on the plan_features rows, the first as an amount', async () => {
    renderDialog({})
    const table = await screen.findByRole('table')
    const columns = within(table).getAllByRole('columnheader')
    expect(columns.map((cell) => cell.textContent)).toEqual(['Feature', 'Basic', 'ProRecommended'])
    const rows = within(table).getAllByRole('row').slice(1)
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['$250.00', '$5,000.00'],
      ['1:100', '1:200'],
      ['1.5 pips', '0.6 pips'],
      ['No', '—Not listed'],
    ])
    expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent('Minimum deposit')
  })

  it("marks Pro 'Recommended' and the customer's plan 'Current plan'", async () => {
    renderDialog({ currentPlanId: 1 })
    const pro = await screen.findByRole('columnheader', { name: /Pro/ })
    expect(within(pro).getByText('Recommended')).toBeInTheDocument()
    const basic = screen.getByRole('columnheader', { name: /Basic/ })
    expect(within(basic).getByText('Current plan')).toBeInTheDocument()
    expect(within(basic).queryByText('Recommended')).not.toBeInTheDocument()
  })

  it('offers an upgrade to every other plan when onUpgrade is given', async () => {
    const onUpgrade = vi.fn()
    renderDialog({ currentPlanId: 1, onUpgrade })
    await userEvent.click(await screen.findByRole('button', { name: 'Upgrade to Pro' }))
    expect(onUpgrade).toHaveBeenCalledWith(2)
    expect(screen.queryByRole('button', { name: 'Upgrade to Basic' })).not.toBeInTheDocument()
  })

  it('scrolls sideways in a named, focusable region on narrow screens', async () => {
    renderDialog({})
    const region = await screen.findByRole('region', { name: 'Plan comparison' })
    expect(region).toHaveAttribute('tabindex', '0')
    expect(region).toContainElement(screen.getByRole('table'))
  })

  it("says 'No plans available. Please try again later.' for an empty list", async () => {
    renderDialog({ plans: [] })
    const dialog = await screen.findByRole('dialog', { name: 'Account plans' })
    expect(within(dialog).getByText('No plans available. Please try again later.')).toBeInTheDocument()
    expect(within(dialog).queryByRole('table')).not.toBeInTheDocument()
  })
})
