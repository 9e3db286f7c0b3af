// Flexible savings interest (decision 0019): accrued daily at the APR from the site settings, act/365, in whole
// cents, once per UTC day per customer, credited monthly or when the savings are moved out. Pure and dependency-free:
// the server's accrual job imports it and passes its clock in.

const BASIS = 1_000_000n
const DAYS_PER_YEAR = 365n

/** Dollars to whole cents, the float's noise removed first (0.1 + 0.2 is 30 cents, not 30.000000000000004). */
export const toCents = (amountUsd: number) => Math.round(Math.round(amountUsd * 1_000_000) / 10_000)

/**
 * One day's interest on a savings balance: balance × APR / 100 / 365 (act/365), rounded half-up to the cent. The
 * sum runs in integer cents and millionths of a percent as bigints, so a large balance cannot lose precision. A
 * zero or negative balance or rate earns nothing.
 */
export function dailyAccrualCents(balanceUsd: number, aprPercent: number): number {
  const balanceCents = BigInt(toCents(balanceUsd))
  const aprMillionths = BigInt(Math.round(aprPercent * 1_000_000))
  if (balanceCents <= 0n || aprMillionths <= 0n) return 0
  const numerator = balanceCents * aprMillionths
  const denominator = 100n * BASIS * DAYS_PER_YEAR
  // Half-up: add half the divisor before the integer division.
  return Number((2n * numerator + denominator) / (2n * denominator))
}

/** dailyAccrualCents in dollars: 10,000 at 5 % is 1.37 a day. */
export const dailyAccrual = (balanceUsd: number, aprPercent: number) =>
  dailyAccrualCents(balanceUsd, aprPercent) / 100

// ---- days -------------------------------------------------------------------------------------------------------

const DAY_MS = 86_400_000
const DAY_KEY = /^(\d{4})-(\d{2})-(\d{2})$/

/** The UTC day an instant falls on, 'YYYY-MM-DD': the accrual's once-per-day key. */
export const dayKey = (date: Date) => date.toISOString().slice(0, 10)

/** The month a day belongs to, 'YYYY-MM': interest accrued in it is credited once the month is over. */
export const monthKey = (day: string) => day.slice(0, 7)

function dayStartMs(day: string): number {
  const match = DAY_KEY.exec(day)
  if (!match) throw new RangeError(`Not a day key: ${day}`)
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))
}

export const addDays = (day: string, days: number) => dayKey(new Date(dayStartMs(day) + days * DAY_MS))

/** Whether today's accrual is still to run: once per day, whatever time and however often the job wakes. */
export const isAccrualDue = (lastAccruedDay: string | null, today: string) =>
  lastAccruedDay === null || lastAccruedDay < today

/** A server asleep longer than this catches up at most this many days at once (a year and a day). */
export const MAX_CATCH_UP_DAYS = 366

/**
 * The days to accrue now, oldest first: every day after the last one accrued, through `today`. The first accrual
 * (nothing accrued yet) is today alone. Empty when today was already accrued, so a second run credits nothing.
 */
export function accrualDays(lastAccruedDay: string | null, today: string): string[] {
  if (lastAccruedDay === null) return [today]
  const days: string[] = []
  for (let day = addDays(lastAccruedDay, 1); day <= today; day = addDays(day, 1)) {
    days.push(day)
    if (days.length === MAX_CATCH_UP_DAYS) break
  }
  // A gap longer than the cap keeps its most recent days.
  return days.length === MAX_CATCH_UP_DAYS && days.at(-1)! < today
    ? Array.from({ length: MAX_CATCH_UP_DAYS }, (_, index) => addDays(today, index - MAX_CATCH_UP_DAYS + 1))
    : days
}

/** Whether interest accrued on `accrualDay` is due for crediting on `today`: its month is over. */
export const isCreditDue = (accrualDay: string, today: string) => monthKey(accrualDay) < monthKey(today)
