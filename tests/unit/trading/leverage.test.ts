// docs/product/trading-workspace.md#leverage: the active asset's leverage is the per-category setting, then the
// asset's own, then the user's plan, then 20. Each step is tested by removing the one before it; zero or missing
// values fall through.
import { describe, expect, it } from 'vitest'
import { ASSET_TYPES } from '../../../src/domain/contract/assets'
import { ASSET_CLASSES } from '../../../src/domain/contract/site'
import {
  ASSET_CLASS_OF_TYPE,
  DEFAULT_TRADING_LEVERAGE,
  leverageFor,
} from '../../../src/domain/trading/leverage'

describe('leverage lookup (docs/product/trading-workspace.md#leverage)', () => {
  it('takes the per-category setting first', () => {
    expect(
      leverageFor({
        type: 'forex',
        categoryLeverage: { forex: 200 },
        assetLeverage: 50,
        accountTypeLeverage: 30,
      }),
    ).toBe(200)
  })

  it("reads the category under the leverage map's class name: crypto assets use 'cryptos'", () => {
    expect(
      leverageFor({
        type: 'crypto',
        categoryLeverage: { cryptos: 5 },
        assetLeverage: 50,
        accountTypeLeverage: 30,
      }),
    ).toBe(5)
  })

  it("ignores another category's setting", () => {
    expect(
      leverageFor({
        type: 'stocks',
        categoryLeverage: { forex: 200 },
        assetLeverage: 50,
        accountTypeLeverage: 30,
      }),
    ).toBe(50)
  })

  it("falls to the asset's own leverage when the category has none", () => {
    expect(
      leverageFor({ type: 'forex', categoryLeverage: {}, assetLeverage: 50, accountTypeLeverage: 30 }),
    ).toBe(50)
    expect(
      leverageFor({ type: 'forex', categoryLeverage: null, assetLeverage: 50, accountTypeLeverage: 30 }),
    ).toBe(50)
  })

  it("falls to the user's plan leverage when the asset has none", () => {
    expect(
      leverageFor({
        type: 'forex',
        categoryLeverage: undefined,
        assetLeverage: null,
        accountTypeLeverage: 30,
      }),
    ).toBe(30)
  })

  it('falls to 20 when nothing says', () => {
    expect(DEFAULT_TRADING_LEVERAGE).toBe(20)
    expect(
      leverageFor({
        type: 'forex',
        categoryLeverage: null,
        assetLeverage: null,
        accountTypeLeverage: undefined,
      }),
    ).toBe(20)
  })

  it('treats zero, negative and non-finite values as missing at every step', () => {
    expect(
      leverageFor({
        type: 'forex',
        categoryLeverage: { forex: 0 },
        assetLeverage: 0,
        accountTypeLeverage: 30,
      }),
    ).toBe(30)
    expect(
      leverageFor({
        type: 'forex',
        categoryLeverage: { forex: Number.NaN },
        assetLeverage: -10,
        accountTypeLeverage: 0,
      }),
    ).toBe(20)
    expect(
      leverageFor({
        type: 'forex',
        categoryLeverage: { forex: Number.POSITIVE_INFINITY },
        assetLeverage: 40,
        accountTypeLeverage: 0,
      }),
    ).toBe(40)
  })

  it('maps every asset type to a class of the leverage map', () => {
    for (const type of ASSET_TYPES) expect(ASSET_CLASSES).toContain(ASSET_CLASS_OF_TYPE[type])
    expect(new Set(ASSET_TYPES.map((type) => ASSET_CLASS_OF_TYPE[type])).size).toBe(ASSET_TYPES.length)
  })
})
