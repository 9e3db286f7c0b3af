// How the client page names a client's orders (decision 0017): 'Buy limit', every status and every reason an order
// can end with in words (a reason added to the contract later fails here until it has them), the expiry or 'Good
// till cancelled', and a level of 0 as not set.
import { describe, expect, it } from 'vitest'
import {
  GOOD_TILL_CANCELLED,
  NO_LEVEL,
  ORDER_REASON_LABELS,
  ORDER_STATUS_LABELS,
  orderExpiryLabel,
  orderKindLabel,
  orderLevelLabel,
  orderOutcome,
} from '../../../src/domain/back-office/order-labels'
import { formatDateTime } from '../../../src/domain/back-office/labels'
import { OrderReasonSchema, OrderStatusSchema } from '../../../src/domain/contract/orders'

describe('order labels', () => {
  it("names an order's side and type together", () => {
    expect(orderKindLabel({ trade_type: 'buy', order_type: 'limit' })).toBe('Buy limit')
    expect(orderKindLabel({ trade_type: 'sell', order_type: 'stop' })).toBe('Sell stop')
  })

  it('has words for every status and every reason of the contract', () => {
    for (const status of OrderStatusSchema.options) expect(ORDER_STATUS_LABELS[status]).toMatch(/^[A-Z]/)
    for (const reason of OrderReasonSchema.options) expect(ORDER_REASON_LABELS[reason]).toMatch(/^[A-Z]/)
    expect(ORDER_REASON_LABELS.staff).toBe('By staff')
    expect(ORDER_REASON_LABELS.user).toBe('By the client')
  })

  it('says what the status does not: the position a fill opened, or who cancelled', () => {
    expect(orderOutcome({ status: 'filled', reason: null, trade_id: 42 })).toBe('Opened T0000042')
    expect(orderOutcome({ status: 'cancelled', reason: 'staff', trade_id: null })).toBe('By staff')
    expect(orderOutcome({ status: 'cancelled', reason: 'insufficient_margin', trade_id: null })).toBe(
      'Not enough free margin at the fill',
    )
    // 'Expired' twice says nothing new; a pending order has no outcome yet.
    expect(orderOutcome({ status: 'expired', reason: 'expired', trade_id: null })).toBeNull()
    expect(orderOutcome({ status: 'pending', reason: null, trade_id: null })).toBeNull()
  })

  it('reads no expiry as good till cancelled, and 0 as no level', () => {
    expect(orderExpiryLabel(null)).toBe(GOOD_TILL_CANCELLED)
    expect(GOOD_TILL_CANCELLED).toBe('Good till cancelled')
    const expiry = '2026-12-01T16:30:00.000Z'
    expect(orderExpiryLabel(expiry)).toBe(formatDateTime(expiry))
    expect(orderLevelLabel(0)).toBe(NO_LEVEL)
    expect(orderLevelLabel(1.0725)).toBe('1.07250')
  })
})
