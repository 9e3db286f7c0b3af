import { describe, expect, it } from 'vitest'
import type { Alert } from '../../../src/domain/contract/price-alerts'
import {
  activeAlerts,
  alertFieldOf,
  alertPreview,
  conditionText,
  createAlertRequest,
} from '../../../src/domain/trading/price-alerts'

const alert = (id: number, status: Alert['status']): Alert => ({
  id,
  asset_id: 'eurusd',
  asset_symbol: 'EURUSD',
  condition: 'below',
  price: 1.08,
  note: null,
  status,
  created_at: '2026-07-15T12:00:00.000Z',
  expires_at: null,
  triggered_at: null,
  triggered_price: null,
})

describe('price alert rules', () => {
  it('words a condition with the price at 5 decimals', () => {
    expect(conditionText('above', 1.085)).toBe('Above 1.08500')
    expect(conditionText('below', 2400.1)).toBe('Below 2,400.10000')
  })

  it('says what the price means against the bid, and when it already holds', () => {
    expect(alertPreview('above', 1.086, 1.085)).toBe(
      'The bid is 1.08500 now: you are told when it rises to 1.08600.',
    )
    expect(alertPreview('below', 1.086, 1.085)).toBe('The bid is 1.08500 now, already below 1.08600.')
    expect(alertPreview('above', 1.085, 1.085)).toBe('The bid is 1.08500 now, already above 1.08500.')
    expect(alertPreview('above', null, 1.085)).toBe('The bid is 1.08500 now.')
  })

  it('lists only the alerts still waiting, in the order the server sent them', () => {
    const alerts = [alert(3, 'active'), alert(2, 'triggered'), alert(1, 'active'), alert(0, 'cancelled')]
    expect(activeAlerts(alerts).map((entry) => entry.id)).toEqual([3, 1])
  })

  it('builds the body: a trimmed note only when given, the expiry as an ISO instant or null', () => {
    const checked = createAlertRequest(
      { id: 4 },
      { condition: 'below', price: ' 1.08 ', note: '   ', expiry: '2026-07-20T14:30' },
    )
    expect(checked).toEqual({
      ok: true,
      payload: {
        id: 4,
        condition: 'below',
        price: 1.08,
        expires_at: new Date(2026, 6, 20, 14, 30).toISOString(),
      },
    })
  })

  it('names each field that cannot be sent', () => {
    const checked = createAlertRequest(
      { id: 4 },
      { condition: 'above', price: '0', note: 'x'.repeat(201), expiry: '2026-02-31T10:00' },
    )
    expect(checked.ok).toBe(false)
    if (checked.ok) return
    expect(Object.keys(checked.errors).sort()).toEqual(['expiry', 'note', 'price'])
  })

  it("maps the server's field names onto the form's", () => {
    expect(alertFieldOf('price')).toBe('price')
    expect(alertFieldOf('expires_at')).toBe('expiry')
    expect(alertFieldOf('id')).toBeUndefined()
  })
})
