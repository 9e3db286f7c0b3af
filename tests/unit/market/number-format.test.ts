import { describe, expect, it } from 'vitest'
import {
  formatMoney,
  formatPrice,
  formatSignedPercent,
  PRICE_DECIMALS,
  signTone,
} from '../../../src/domain/format/numbers'

describe('number display (docs/product/trading-workspace.md#price-display)', () => {
  it('shows prices with 5 decimals, 4 on trade buttons and 3 in the watch table', () => {
    expect(formatPrice(1.0842)).toBe('1.08420')
    expect(formatPrice(1.084217, PRICE_DECIMALS.TRADE_BUTTON)).toBe('1.0842')
    expect(formatPrice(60123.45678, PRICE_DECIMALS.WATCH_TABLE)).toBe('60,123.457')
  })
  it('shows currency values with 2 decimals', () => {
    expect(formatMoney(10000)).toBe('10,000.00')
    expect(formatMoney(-3.456)).toBe('-3.46')
  })
  it('signs percentages', () => {
    expect(formatSignedPercent(1.234)).toBe('+1.23%')
    expect(formatSignedPercent(-0.5)).toBe('−0.50%')
    expect(formatSignedPercent(0)).toBe('0.00%')
    expect(formatSignedPercent(-0.001)).toBe('0.00%')
  })
  it('colours a signed figure by the sign it shows: 0 or more green, negative red (docs/product/trading-workspace.md)', () => {
    expect(signTone(formatSignedPercent(1.234))).toBe('gain')
    expect(signTone(formatSignedPercent(-0.5))).toBe('loss')
    expect(signTone(formatSignedPercent(-0.001))).toBe('gain')
    expect(signTone('-$5.00')).toBe('loss')
    expect(signTone('+€12.34')).toBe('gain')
    expect(signTone('$0.00')).toBe('gain')
  })
})
