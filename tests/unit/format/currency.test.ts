import { describe, expect, it } from 'vitest'
import {
  displayCurrencies,
  formatAmount,
  formatSignedAmount,
  resolveDisplayCurrency,
  USD,
} from '../../../src/domain/format/currency'

const EUR = { code: 'EUR', symbol: '€', rate: 0.5 }

describe('display currency', () => {
  it('shows USD amounts with two decimals and the sign first', () => {
    expect(formatAmount(10_000)).toBe('$10,000.00')
    expect(formatAmount(-5)).toBe('-$5.00')
    expect(formatAmount(-0.001)).toBe('$0.00')
  })

  it('converts by the currency rate before formatting', () => {
    expect(formatAmount(10_000, EUR)).toBe('€5,000.00')
    expect(formatSignedAmount(-12.5, EUR)).toBe('-€6.25')
  })

  it('signs P/L so a gain and a loss differ without colour', () => {
    expect(formatSignedAmount(12.345, USD)).toBe('+$12.35')
    expect(formatSignedAmount(-5)).toBe('-$5.00')
    expect(formatSignedAmount(0.004)).toBe('$0.00')
  })

  it('puts a space after a symbol made of letters', () => {
    const CHF = { code: 'CHF', symbol: 'CHF', rate: 1 }
    expect(formatAmount(1234.5, CHF)).toBe('CHF 1,234.50')
    expect(formatSignedAmount(-2, CHF)).toBe('-CHF 2.00')
    expect(formatAmount(1, { code: 'CAD', symbol: 'C$', rate: 1 })).toBe('C$1.00')
  })

  it('resolves the stored code against the listed currencies, else USD', () => {
    const listed = [USD, EUR]
    expect(resolveDisplayCurrency('EUR', listed)).toBe(EUR)
    expect(resolveDisplayCurrency('XYZ', listed)).toBe(USD)
    expect(resolveDisplayCurrency('EUR', undefined)).toBe(USD)
    expect(resolveDisplayCurrency('EUR', [])).toBe(USD)
    expect(displayCurrencies(undefined)).toEqual([USD])
    expect(displayCurrencies(listed)).toBe(listed)
  })
})
