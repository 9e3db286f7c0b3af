import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { Alert } from '../../../src/domain/contract/price-alerts'
import { NO_ACTIVE_ALERTS } from '../../../src/domain/trading/price-alerts'
import { AlertsSection } from '../../../src/features/trading/components/alerts-section'
import { EURUSD, expectNoA11yViolations } from '../trading-dialogs/fixtures'
import { fakeApi, json, renderWithQuery } from '../trading-dialogs/orders-api'

const api = fakeApi()

const alert = (fields: Partial<Alert>): Alert => ({
  id: 1,
  asset_id: 'eurusd',
  asset_symbol: 'EURUSD',
  condition: 'above',
  price: 1.085,
  note: null,
  status: 'active',
  created_at: '2026-07-15T12:00:00.000Z',
  expires_at: null,
  triggered_at: null,
  triggered_price: null,
  ...fields,
})

describe('AlertsSection', { timeout: 20_000 }, () => {
  it('lists each waiting alert with its symbol, condition, price, note and expiry, and no fired one', async () => {
    api.answers['GET /alerts'] = () =>
      json(200, {
        data: [
          alert({ id: 3, note: 'Check the trend line', expires_at: '2026-07-20T14:30:00.000Z' }),
          alert({ id: 2, status: 'triggered', triggered_price: 1.0851 }),
          alert({ id: 1, condition: 'below', price: 1.07 }),
        ],
      })
    const { container } = renderWithQuery(<AlertsSection assets={[EURUSD]} />)
    const section = await screen.findByRole('region', { name: 'Alerts' })
    const rows = await within(section).findAllByRole('listitem')
    expect(rows).toHaveLength(2)
    await expectNoA11yViolations(container)

    // The symbol a customer reads (symbol_display), whatever spelling the alert stored.
    expect(rows[0]).toHaveTextContent('EUR/USD')
    expect(within(rows[0]!).getByTestId('alert-condition')).toHaveTextContent('Above 1.08500')
    expect(rows[0]).toHaveTextContent('Check the trend line')
    expect(rows[0]).toHaveTextContent(/20 Jul 2026/)
    expect(within(rows[1]!).getByTestId('alert-condition')).toHaveTextContent('Below 1.07000')
    expect(rows[1]).toHaveTextContent('GTC')
  })

  it('deletes one and says so; an empty list says how to make one', async () => {
    let alerts = [alert({ id: 5 })]
    api.answers['GET /alerts'] = () => json(200, { data: alerts })
    api.answers['DELETE /alerts/5'] = () => {
      alerts = []
      return json(200, { message: 'Alert cancelled', data: alert({ id: 5, status: 'cancelled' }) })
    }
    renderWithQuery(<AlertsSection assets={[EURUSD]} />)
    const section = await screen.findByRole('region', { name: 'Alerts' })
    await userEvent.click(await within(section).findByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('Alert deleted')).toBeVisible()
    await waitFor(() => expect(within(section).queryAllByRole('listitem')).toHaveLength(0))
    expect(section).toHaveTextContent(NO_ACTIVE_ALERTS)
  })

  it('shuts Delete offline, pointing at the reason', async () => {
    api.answers['GET /alerts'] = () => json(200, { data: [alert({ id: 5 })] })
    renderWithQuery(
      <>
        <p id="offline-reason">Offline — orders need a connection</p>
        <AlertsSection assets={[EURUSD]} closedBy="offline-reason" />
      </>,
    )
    const button = await screen.findByRole('button', { name: 'Delete' })
    expect(button).toBeDisabled()
    expect(button).toHaveAccessibleDescription(/Offline — orders need a connection/)
  })
})
