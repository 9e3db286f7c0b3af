// Savings interest (decision 0019): balance x APR / 365 a day, half-up to the cent in integer arithmetic, once per
// UTC day, credited once the month is over.
import { describe, expect, it } from 'vitest'
import {
  accrualDays,
  addDays,
  dailyAccrual,
  dailyAccrualCents,
  dayKey,
  isAccrualDue,
  isCreditDue,
  MAX_CATCH_UP_DAYS,
  monthKey,
} from '../../../src/domain/funds/savings-accrual'

describe('daily accrual, act/365', () => {
  it('is balance x APR / 100 / 365, in cents: 10,000 at 5 % is 1.37', () => {
    // 10,000 x 0.05 / 365 = 1.36986…
    expect(dailyAccrual(10_000, 5)).toBe(1.37)
    expect(dailyAccrualCents(10_000, 5)).toBe(137)
  })

  it('rounds half up on the cent', () => {
    // 365 x 1 % / 365 = 0.01 exactly; 182.50 x 1 % / 365 = 0.005 → 0.01; 182.49 → 0.0049… → 0.00
    expect(dailyAccrual(365, 1)).toBe(0.01)
    expect(dailyAccrual(182.5, 1)).toBe(0.01)
    expect(dailyAccrual(182.49, 1)).toBe(0)
  })

  it('takes fractional rates and balances without float drift', () => {
    // 1,234.56 x 4.25 % / 365 = 0.14374…
    expect(dailyAccrual(1_234.56, 4.25)).toBe(0.14)
    expect(dailyAccrual(0.1 + 0.2, 100)).toBe(0)
  })

  it('stays exact for balances beyond a float’s integer range once in cents', () => {
    // 9,999,999,999,999.99 x 7.5 % / 365: computed as bigints, 2,054,794,520.5479… → 205,479,452,054.79… cents
    expect(dailyAccrualCents(9_999_999_999_999.99, 7.5)).toBe(205_479_452_055)
  })

  it('earns nothing on a zero or negative balance or rate', () => {
    expect(dailyAccrual(0, 5)).toBe(0)
    expect(dailyAccrual(-100, 5)).toBe(0)
    expect(dailyAccrual(1_000, 0)).toBe(0)
  })
})

describe('once per day', () => {
  it('keys a day by its UTC date', () => {
    expect(dayKey(new Date('2026-03-01T23:59:59Z'))).toBe('2026-03-01')
    expect(dayKey(new Date('2026-03-01T23:59:59-05:00'))).toBe('2026-03-02')
  })

  it('is due once: not again the same day', () => {
    expect(isAccrualDue(null, '2026-03-01')).toBe(true)
    expect(isAccrualDue('2026-02-28', '2026-03-01')).toBe(true)
    expect(isAccrualDue('2026-03-01', '2026-03-01')).toBe(false)
  })

  it('lists the days to accrue after the last one, through today', () => {
    expect(accrualDays(null, '2026-03-01')).toEqual(['2026-03-01'])
    expect(accrualDays('2026-03-01', '2026-03-01')).toEqual([])
    expect(accrualDays('2026-02-27', '2026-03-01')).toEqual(['2026-02-28', '2026-03-01'])
    expect(accrualDays('2028-02-27', '2028-03-01')).toEqual(['2028-02-28', '2028-02-29', '2028-03-01'])
  })

  it('catches up a long gap by its most recent days only', () => {
    const days = accrualDays('2020-01-01', '2026-03-01')
    expect(days).toHaveLength(MAX_CATCH_UP_DAYS)
    expect(days.at(-1)).toBe('2026-03-01')
    expect(days[0]).toBe(addDays('2026-03-01', -(MAX_CATCH_UP_DAYS - 1)))
  })

  it('credits a month’s interest once the month is over', () => {
    expect(monthKey('2026-03-31')).toBe('2026-03')
    expect(isCreditDue('2026-03-31', '2026-03-31')).toBe(false)
    expect(isCreditDue('2026-03-31', '2026-04-01')).toBe(true)
  })
})
