// The profit calculator's rules and figures (docs/product/trading-workspace.md#profit-calculator) with the spec's own
// numbers.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  calculatorResult,
  defaultStopLoss,
  defaultTakeProfit,
  initialCalculatorInput,
  parseDecimal,
  pipValue,
  PRICE_STEPS,
  ProfitCalculatorSchema,
  stepPrice,
  type ProfitCalculatorInput,
} from '../../../src/domain/trading/profit-calculator'

const valid: ProfitCalculatorInput = {
  side: 'buy',
  volumeLots: '0.01',
  entryPriceQuote: '1.10000',
  takeProfitQuote: '1.10110',
  stopLossQuote: '1.09890',
}

function messagesFor(input: Partial<ProfitCalculatorInput>): string[] {
  const parsed = ProfitCalculatorSchema.safeParse({ ...valid, ...input })
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message)
}

describe('default take profit and stop loss: 0.1 % of the entry price by side', () => {
  it('puts a buy TP at entry x 1.001 and its SL at entry x 0.999 (1.10000 -> 1.10110 / 1.09890)', () => {
    expect(defaultTakeProfit('buy', 1.1)).toBe(1.1011)
    expect(defaultStopLoss('buy', 1.1)).toBe(1.0989)
  })

  it('reverses them for a sell', () => {
    expect(defaultTakeProfit('sell', 1.1)).toBe(1.0989)
    expect(defaultStopLoss('sell', 1.1)).toBe(1.1011)
  })

  it('keeps TP on the winning side and SL on the losing side of any entry', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.01, max: 1_000_000, noNaN: true }), (entry) => {
        expect(defaultTakeProfit('buy', entry)).toBeGreaterThanOrEqual(entry - 1e-5)
        expect(defaultStopLoss('buy', entry)).toBeLessThanOrEqual(entry + 1e-5)
        expect(defaultTakeProfit('sell', entry)).toBeLessThanOrEqual(entry + 1e-5)
        expect(defaultStopLoss('sell', entry)).toBeGreaterThanOrEqual(entry - 1e-5)
      }),
    )
  })

  it('opens the form at 0.01 lot with those defaults as 5-decimal text', () => {
    expect(initialCalculatorInput('buy', 1.1)).toEqual(valid)
    expect(initialCalculatorInput('sell', 1.1)).toMatchObject({
      takeProfitQuote: '1.09890',
      stopLossQuote: '1.10110',
    })
  })
})

describe('figures (docs/product/trading-workspace.md#profit-calculator)', () => {
  it('gives a pip value of 0.1 for 1,000 units (volume x 0.0001)', () => {
    expect(pipValue(1_000)).toBeCloseTo(0.1, 10)
    expect(pipValue(100_000)).toBeCloseTo(10, 10)
  })

  it('gives a margin of 11 for 1,000 units at 1.1 with leverage 100 (volume x price / leverage)', () => {
    const values = ProfitCalculatorSchema.parse(valid)
    const result = calculatorResult(values, { contractSize: 100_000, leverage: 100 })
    expect(result.volumeUnits).toBe(1_000)
    expect(result.marginUsd).toBeCloseTo(11, 10)
    expect(result.pipValueUsd).toBeCloseTo(0.1, 10)
  })

  it('prices the P/L at TP and SL like an open position: buy 1,000 units, 11 pips each way = +/- 1.10', () => {
    const result = calculatorResult(ProfitCalculatorSchema.parse(valid), {
      contractSize: 100_000,
      leverage: 100,
    })
    expect(result.profitAtTakeProfitUsd).toBeCloseTo(1.1, 8)
    expect(result.lossAtStopLossUsd).toBeCloseTo(-1.1, 8)
  })

  it('reverses the P/L for a sell', () => {
    const sell = ProfitCalculatorSchema.parse({
      ...valid,
      side: 'sell',
      takeProfitQuote: '1.09890',
      stopLossQuote: '1.10110',
    })
    const result = calculatorResult(sell, { contractSize: 100_000, leverage: 100 })
    expect(result.profitAtTakeProfitUsd).toBeCloseTo(1.1, 8)
    expect(result.lossAtStopLossUsd).toBeCloseTo(-1.1, 8)
  })

  it('reports no P/L for a level of 0 (not set)', () => {
    const values = ProfitCalculatorSchema.parse({ ...valid, takeProfitQuote: '0', stopLossQuote: '0' })
    const result = calculatorResult(values, { contractSize: 100_000, leverage: 100 })
    expect(result.profitAtTakeProfitUsd).toBeNull()
    expect(result.lossAtStopLossUsd).toBeNull()
  })

  it('falls back to a standard lot and leverage 20 when the asset carries neither', () => {
    const result = calculatorResult(ProfitCalculatorSchema.parse(valid), { contractSize: 0, leverage: 0 })
    expect(result.volumeUnits).toBe(1_000)
    expect(result.marginUsd).toBeCloseTo(55, 10)
  })
})

describe('validation (docs/product/trading-workspace.md#profit-calculator)', () => {
  it('accepts the defaults and yields numbers', () => {
    expect(ProfitCalculatorSchema.parse(valid)).toEqual({
      side: 'buy',
      volumeLots: 0.01,
      entryPriceQuote: 1.1,
      takeProfitQuote: 1.1011,
      stopLossQuote: 1.0989,
    })
  })

  it("says 'Volume must be a positive number' for 0, negative, empty or non-numeric volume", () => {
    for (const volumeLots of ['0', '-1', '', '   ', 'abc', '1e3', '0x10'])
      expect(messagesFor({ volumeLots })).toEqual(['Volume must be a positive number'])
  })

  it("says 'Entry price must be a positive number' for 0, negative or empty entry", () => {
    for (const entryPriceQuote of ['0', '-1.1', '', 'x'])
      expect(messagesFor({ entryPriceQuote })).toEqual(['Entry price must be a positive number'])
  })

  it("says 'Take profit must be a non-negative number' for a negative or missing TP, and accepts 0", () => {
    for (const takeProfitQuote of ['-0.5', '', 'abc'])
      expect(messagesFor({ takeProfitQuote })).toEqual(['Take profit must be a non-negative number'])
    expect(messagesFor({ takeProfitQuote: '0' })).toEqual([])
  })

  it("says 'Stop loss must be a non-negative number' for a negative or missing SL, and accepts 0", () => {
    for (const stopLossQuote of ['-0.5', '', 'abc'])
      expect(messagesFor({ stopLossQuote })).toEqual(['Stop loss must be a non-negative number'])
    expect(messagesFor({ stopLossQuote: '0' })).toEqual([])
  })

  it('reports all four at once', () => {
    expect(
      messagesFor({ volumeLots: '0', entryPriceQuote: '0', takeProfitQuote: '-1', stopLossQuote: '-1' }),
    ).toEqual([
      'Volume must be a positive number',
      'Entry price must be a positive number',
      'Take profit must be a non-negative number',
      'Stop loss must be a non-negative number',
    ])
  })

  it('reads plain decimals only', () => {
    expect(parseDecimal(' 1.5 ')).toBe(1.5)
    expect(parseDecimal('.5')).toBe(0.5)
    expect(parseDecimal('5.')).toBe(5)
    expect(parseDecimal('-2')).toBe(-2)
    for (const text of ['', '.', '1,5', '1e3', 'Infinity', '0x10']) expect(parseDecimal(text)).toBeNull()
  })
})

describe('steppers (docs/product/orders-and-alerts.md#volume-and-limits)', () => {
  it('moves TP/SL by 0.01 without float drift and never below 0', () => {
    expect(stepPrice(1.1011, PRICE_STEPS.TAKE_PROFIT_STOP_LOSS, 1)).toBe(1.1111)
    expect(stepPrice(0.1, PRICE_STEPS.TAKE_PROFIT_STOP_LOSS, 1)).toBe(0.11)
    let value = 0
    for (let i = 0; i < 30; i++) value = stepPrice(value, PRICE_STEPS.TAKE_PROFIT_STOP_LOSS, 1)
    expect(value).toBe(0.3)
    expect(stepPrice(0.005, PRICE_STEPS.TAKE_PROFIT_STOP_LOSS, -1)).toBe(0)
  })

  it('moves a pending price by 0.00001', () => {
    expect(stepPrice(1.1, PRICE_STEPS.PENDING, 1)).toBe(1.10001)
    expect(stepPrice(1.1, PRICE_STEPS.PENDING, -1)).toBe(1.09999)
  })
})
