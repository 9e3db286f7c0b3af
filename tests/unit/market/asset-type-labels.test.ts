import { describe, expect, it } from 'vitest'
import { ASSET_TYPES } from '../../../src/domain/contract/assets'
import { ASSET_TYPE_LABELS } from '../../../src/domain/market/asset-types'

describe('ASSET_TYPE_LABELS', () => {
  it('names every asset type of the contract, each once', () => {
    expect(Object.keys(ASSET_TYPE_LABELS).sort()).toEqual([...ASSET_TYPES].sort())
    expect(new Set(Object.values(ASSET_TYPE_LABELS)).size).toBe(ASSET_TYPES.length)
  })

  it('says each type as the market watch and the asset information show it', () => {
    expect(ASSET_TYPES.map((type) => ASSET_TYPE_LABELS[type])).toEqual([
      'Forex',
      'Stocks',
      'Crypto',
      'Commodities',
      'Indices',
      'Metals',
    ])
  })
})
