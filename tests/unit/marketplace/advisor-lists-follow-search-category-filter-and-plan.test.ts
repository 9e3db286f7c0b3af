import { describe, expect, it } from 'vitest'
import {
  advisorPriceLabel,
  isOwned,
  isPlanRestricted,
  purchaseFailureMessage,
  selectAlgoTraderAdvisors,
  selectMarketplaceAdvisors,
} from '../../../src/domain/marketplace/advisors'
import { MarketplaceSearchSchema } from '../../../src/domain/marketplace/search'
import { CATALOG } from './harness'

const ADVISORS = CATALOG.expert_advisors
const names = (list: readonly { name: string }[]) => list.map((advisor) => advisor.name)
const criteria = (search: Record<string, unknown>) => MarketplaceSearchSchema.parse(search)

describe('marketplace list (docs/product/marketplace.md#marketplace-page)', () => {
  it('popular: every advisor, most downloaded first', () => {
    expect(names(selectMarketplaceAdvisors(ADVISORS, criteria({}), []))).toEqual([
      'Trend Rider',
      'Risk Guard',
      'Scalper Pro',
      'Grid Master',
      'Quantum Edge',
    ])
  })

  it('free: price 0 only; purchased: those in the eas or marked owned, in catalogue order', () => {
    expect(names(selectMarketplaceAdvisors(ADVISORS, criteria({ filter: 'free' }), []))).toEqual([
      'Trend Rider',
    ])
    expect(names(selectMarketplaceAdvisors(ADVISORS, criteria({ filter: 'purchased' }), [3]))).toEqual([
      'Trend Rider',
      'Grid Master',
    ])
  })

  it('narrows by category', () => {
    expect(names(selectMarketplaceAdvisors(ADVISORS, criteria({ category: 'others' }), []))).toEqual([
      'Risk Guard',
    ])
    expect(selectMarketplaceAdvisors(ADVISORS, criteria({ category: 'expert_advisor' }), [])).toHaveLength(4)
  })

  it('matches the search in name or description, case-insensitive, ignoring surrounding spaces', () => {
    expect(names(selectMarketplaceAdvisors(ADVISORS, criteria({ search: '  SCALPER ' }), []))).toEqual([
      'Scalper Pro',
    ])
    expect(
      names(selectMarketplaceAdvisors(ADVISORS, criteria({ search: 'trades for you' }), [])),
    ).toHaveLength(5)
    expect(selectMarketplaceAdvisors(ADVISORS, criteria({ search: 'nothing like it' }), [])).toEqual([])
  })

  it('combines the three criteria and leaves the input untouched', () => {
    const before = names(ADVISORS)
    expect(
      names(
        selectMarketplaceAdvisors(
          ADVISORS,
          criteria({ category: 'expert_advisor', search: 'r', filter: 'purchased' }),
          [1],
        ),
      ),
    ).toEqual(['Trend Rider'])
    expect(names(ADVISORS)).toEqual(before)
  })

  it('reads unknown URL values as the defaults', () => {
    expect(criteria({ category: 'robots', filter: 'cheapest' })).toEqual({
      category: 'all',
      filter: 'popular',
    })
  })
})

describe('ownership, plan and price', () => {
  it('an advisor is owned when the eas hold it or the catalogue says so', () => {
    expect(isOwned({ id: 2, owned: false }, [2])).toBe(true)
    expect(isOwned({ id: 2, owned: true }, [])).toBe(true)
    expect(isOwned({ id: 2, owned: false }, [1])).toBe(false)
  })

  it('only an advisor the plan does not allow and the customer does not own is restricted', () => {
    expect(isPlanRestricted({ id: 5, owned: false, available: false }, [])).toBe(true)
    expect(isPlanRestricted({ id: 5, owned: false, available: false }, [5])).toBe(false)
    expect(isPlanRestricted({ id: 2, owned: false, available: true }, [])).toBe(false)
  })

  it("prices in USD with two decimals, 'Free' at 0", () => {
    expect(advisorPriceLabel(0)).toBe('Free')
    expect(advisorPriceLabel(149)).toBe('$149.00')
    expect(advisorPriceLabel(1234.5)).toBe('$1,234.50')
  })

  it("a failed purchase says the server's message, else 'Failed to purchase Expert Advisor' (docs/product/marketplace.md#buying-an-advisor)", () => {
    expect(purchaseFailureMessage('This Expert Advisor is not available for your plan')).toBe(
      'This Expert Advisor is not available for your plan',
    )
    expect(purchaseFailureMessage('  ')).toBe('Failed to purchase Expert Advisor')
    expect(purchaseFailureMessage(null)).toBe('Failed to purchase Expert Advisor')
  })
})

describe('Algo Trader list (docs/product/marketplace.md#running-an-advisor)', () => {
  it('owned first, then what the plan allows, each most downloaded first; other plans left out', () => {
    expect(names(selectAlgoTraderAdvisors(ADVISORS, [3]))).toEqual([
      'Trend Rider',
      'Grid Master',
      'Risk Guard',
      'Scalper Pro',
    ])
  })
})
