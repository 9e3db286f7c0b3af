import { describe, expect, it } from 'vitest'
import { roundPrice, roundStep, stepTo } from '../../../src/domain/market/price-steps'

describe("the prices a chart's pointer and keys make", () => {
  it("rounds a dragged price to the asset's decimals", () => {
    expect(roundPrice(1.0795000000000001, 5)).toBe(1.0795)
    expect(roundPrice(1.079456, 5)).toBe(1.07946)
    expect(roundPrice(64_123.456789, 2)).toBe(64_123.46)
  })

  it('picks a round step of 1, 2 or 5 times a power of ten, never finer than the last decimal', () => {
    expect(roundStep(0.00037, 5)).toBe(0.0005)
    expect(roundStep(0.00012, 5)).toBe(0.0002)
    expect(roundStep(0.0001, 5)).toBe(0.0001)
    expect(roundStep(12.3, 5)).toBe(20)
    expect(roundStep(6, 5)).toBe(10)
    expect(roundStep(0.000001, 5)).toBe(0.00001)
    expect(roundStep(0, 2)).toBe(0.01)
  })

  it('steps onto the next multiple of the step, from on or off the grid', () => {
    expect(stepTo(1.08, 0.0005, -1, 5)).toBe(1.0795)
    expect(stepTo(1.08, 0.0005, 1, 5)).toBe(1.0805)
    expect(stepTo(1.08012, 0.0005, -1, 5)).toBe(1.08)
    expect(stepTo(1.08012, 0.0005, 1, 5)).toBe(1.0805)
    expect(stepTo(64_123.45, 20, 1, 5)).toBe(64_140)
  })
})
