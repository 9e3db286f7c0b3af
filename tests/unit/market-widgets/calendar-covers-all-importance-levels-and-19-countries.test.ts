import { describe, expect, it } from 'vitest'
import {
  CALENDAR_COUNTRIES,
  CALENDAR_IMPORTANCE_LEVELS,
  ECONOMIC_CALENDAR_CONFIG,
  MARKET_NEWS_CONFIG,
} from '../../../src/features/market-widgets'

describe('economic calendar settings (docs/product/trading-workspace.md#left-rail-panels)', () => {
  it('covers 19 distinct countries, as lower-case two-letter codes', () => {
    expect(CALENDAR_COUNTRIES).toHaveLength(19)
    expect(new Set(CALENDAR_COUNTRIES).size).toBe(19)
    for (const code of CALENDAR_COUNTRIES) expect(code).toMatch(/^[a-z]{2}$/)
    expect(ECONOMIC_CALENDAR_CONFIG.countryFilter.split(',')).toEqual([...CALENDAR_COUNTRIES])
  })

  it('filters on every importance level: low, medium and high', () => {
    expect([...CALENDAR_IMPORTANCE_LEVELS].sort()).toEqual([-1, 0, 1])
    expect(ECONOMIC_CALENDAR_CONFIG.importanceFilter).toBe('-1,0,1')
  })

  it('draws both widgets dark and transparent, filling their panel', () => {
    for (const config of [ECONOMIC_CALENDAR_CONFIG, MARKET_NEWS_CONFIG])
      expect(config).toMatchObject({
        colorTheme: 'dark',
        isTransparent: true,
        width: '100%',
        height: '100%',
        locale: 'en',
      })
    expect(MARKET_NEWS_CONFIG.feedMode).toBe('all_symbols')
  })
})
