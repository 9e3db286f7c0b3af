import { describe, expect, it } from 'vitest'
import { AUTOTRADER_MESSAGES } from '../../../src/domain/contract/catalog'
import {
  AUTOTRADER_OPEN_TRADES,
  autotraderFailureMessage,
  DEFAULT_AUTOTRADER_LEVEL,
} from '../../../src/domain/marketplace/auto-trader'

describe('auto trader (docs/product/marketplace.md#auto-trader)', () => {
  it("recognises a pending request by 'pending auto trader request', whatever the case", () => {
    expect(autotraderFailureMessage('You already have a pending auto trader request.')).toBe(
      'You already have a pending AutoTrader request. Please wait for approval.',
    )
    expect(autotraderFailureMessage('Error: PENDING AUTO TRADER REQUEST exists')).toBe(
      AUTOTRADER_MESSAGES.PENDING,
    )
  })

  it("says 'Failed to save AutoTrader settings.' for anything else, or nothing", () => {
    expect(autotraderFailureMessage('Database unavailable')).toBe('Failed to save AutoTrader settings.')
    expect(autotraderFailureMessage(undefined)).toBe('Failed to save AutoTrader settings.')
  })

  it('offers 1-2, 2-4 and Unlimited open trades, medium by default', () => {
    expect(AUTOTRADER_OPEN_TRADES).toEqual({ low: '1-2', medium: '2-4', high: 'Unlimited' })
    expect(DEFAULT_AUTOTRADER_LEVEL).toBe('medium')
  })
})
