// The workspace's Algo Trader list (docs/product/marketplace.md#running-an-advisor) and the auto trader request's
// three outcomes (docs/product/marketplace.md#auto-trader).
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { User } from '../../../src/domain/contract/user'
import { AlgoTraderPanel } from '../../../src/features/marketplace'
import { expectNoA11yViolations } from '../components/test-utils'
import { fakeApi, json, renderWithApp, USER } from './harness'

const api = fakeApi()

function renderPanel(user: User = USER) {
  const onOpenPlans = vi.fn()
  const onAccountChanged = vi.fn(async () => {})
  const view = renderWithApp(() => (
    <AlgoTraderPanel user={user} onOpenPlans={onOpenPlans} onAccountChanged={onAccountChanged} />
  ))
  return { ...view, onOpenPlans, onAccountChanged }
}

async function requestAutoTrader() {
  await userEvent.click(screen.getByRole('button', { name: 'Auto Trader' }))
  const dialog = await screen.findByRole('dialog', { name: 'Auto Trader' })
  await userEvent.click(within(dialog).getByText('I accept the risks of automated trading'))
  await userEvent.click(within(dialog).getByRole('button', { name: 'Activate' }))
  return dialog
}

describe('the Algo Trader list', { timeout: 20_000 }, () => {
  it('has no accessibility violations', async () => {
    const { container } = renderPanel()
    await screen.findByRole('list', { name: 'Expert advisors' })
    await expectNoA11yViolations(container)
  })

  it('lists owned advisors with their switch first, then those the plan allows, never the Pro-only one', async () => {
    renderPanel()
    const list = await screen.findByRole('list', { name: 'Expert advisors' })
    const rows = within(list).getAllByRole('listitem')
    expect(rows.map((row) => row.textContent)).toEqual([
      'Trend RiderAutomated tradingStopped',
      'Risk Guard$49.00Get',
      'Scalper Pro$149.00Get',
      'Grid Master$299.00Get',
    ])
    expect(within(rows[0]!).getByRole('switch', { name: 'Automated trading' })).not.toBeChecked()
    expect(within(rows[1]!).getByRole('link', { name: 'Get Risk Guard in the marketplace' })).toHaveAttribute(
      'href',
      '/main/marketplace?search=Risk+Guard',
    )
  })

  it('opens the plans comparison from the plan badge', async () => {
    const { onOpenPlans } = renderPanel()
    await userEvent.click(await screen.findByRole('button', { name: 'Basic plan: compare plans' }))
    expect(onOpenPlans).toHaveBeenCalledTimes(1)
  })

  it("sends the chosen level and says 'AutoTrader settings saved successfully.'", async () => {
    api.answers['POST /update/autotrader'] = () =>
      json(200, { message: 'AutoTrader settings saved successfully.' })
    const { onAccountChanged } = renderPanel()
    await screen.findByRole('list', { name: 'Expert advisors' })
    await requestAutoTrader()
    expect(await screen.findByText('AutoTrader settings saved successfully.')).toBeInTheDocument()
    // The user is fetched again: it now says the request is pending.
    expect(onAccountChanged).toHaveBeenCalledTimes(1)
    expect(api.sent).toContainEqual({
      method: 'POST',
      path: '/update/autotrader',
      body: { autotrader_type: 'medium' },
    })
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('turns a pending request into the spec message and any other failure into the generic one', async () => {
    api.answers['POST /update/autotrader'] = () =>
      json(409, { message: 'You already have a pending auto trader request.' })
    renderPanel()
    await screen.findByRole('list', { name: 'Expert advisors' })
    const dialog = await requestAutoTrader()
    expect(
      await screen.findByText('You already have a pending AutoTrader request. Please wait for approval.'),
    ).toBeInTheDocument()

    api.answers['POST /update/autotrader'] = () => json(500, { message: 'Database unavailable' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Activate' }))
    expect(await screen.findByText('Failed to save AutoTrader settings.')).toBeInTheDocument()
  })

  // Regression (decision 0018): after the request the customer saw only 'settings saved', and no trace of it after.
  it('shows the request pending until an admin decides it, and does not ask again', async () => {
    renderPanel({ ...USER, autotrader_request_status: 'pending' })
    await userEvent.click(await screen.findByRole('button', { name: 'Auto Trader pending' }))
    const dialog = await screen.findByRole('dialog', { name: 'Auto Trader' })
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'Your auto trader request is waiting for an admin to decide it.',
    )
    expect(within(dialog).queryByRole('button', { name: 'Activate' })).not.toBeInTheDocument()
  })

  it("says 'Auto Trader Active' once the user's flag is set", async () => {
    renderPanel({ ...USER, autotrader: true })
    await userEvent.click(await screen.findByRole('button', { name: 'Auto Trader Active' }))
    const dialog = await screen.findByRole('dialog', { name: 'Auto Trader' })
    expect(within(dialog).getByText('Auto Trader Active')).toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: 'Activate' })).not.toBeInTheDocument()
  })

  it('puts the switch back and says so when the server refuses it at once', async () => {
    api.answers['POST /expert_advisors/1/running'] = () => json(404, { message: 'Expert Advisor not found' })
    renderPanel()
    const toggle = await screen.findByRole('switch', { name: 'Automated trading' })
    await userEvent.click(toggle)
    expect(await screen.findByText('Expert Advisor not found')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByTestId('advisor-running-state')).toHaveTextContent('Stopped'))
    await waitFor(() => expect(toggle).not.toBeChecked())
  })
})
