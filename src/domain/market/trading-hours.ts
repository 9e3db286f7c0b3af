// When each asset class trades (docs/product/trading-workspace.md#trading-hours, "Trading hours shown per asset
// type"). Pure: the clock is an argument, so the server's simulator, the client and tests agree on one rule. Exchange
// holidays are not modelled.
//
// - crypto: always.
// - forex: Sunday 22:00 to Friday 22:00 UTC (the spec's "24/5").
// - stocks and indices: Monday to Friday 09:30-16:00 New York time.
// - commodities: the electronic session, Sunday 18:00 to Friday 17:00 New York time, closed daily 17:00-18:00.
// - metals (the spec's "other types"): Monday to Friday 09:00-17:00 New York time.
//
// New York time follows the US daylight-saving rule (second Sunday of March to first Sunday of November, both at
// 02:00 local), computed by hand rather than through Intl so the rule runs the same in every runtime.
import type { AssetType } from '../contract'

const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS

/** Labels as the spec shows them per asset type. */
export const TRADING_HOURS_LABELS: Readonly<Record<AssetType, string>> = {
  crypto: '24/7',
  forex: '24/5 (Sun 22:00-24:00, Fri to 22:00)',
  stocks: 'Mon-Fri 09:30-16:00',
  indices: 'Mon-Fri 09:30-16:00',
  commodities: 'Electronic, with a 17:00-18:00 break',
  metals: '09:00-17:00',
}

const SUNDAY = 0
const FRIDAY = 5
const SATURDAY = 6

/** Midnight UTC of the n-th Sunday (1-based) of a month. */
function nthSundayUtc(year: number, monthIndex: number, n: number): number {
  const firstDay = new Date(Date.UTC(year, monthIndex, 1)).getUTCDay()
  const firstSunday = 1 + ((7 - firstDay) % 7)
  return Date.UTC(year, monthIndex, firstSunday + (n - 1) * 7)
}

/** New York's offset from UTC in minutes at this instant: -240 in daylight-saving time, else -300. */
export function newYorkOffsetMinutes(nowMs: number): number {
  const year = new Date(nowMs).getUTCFullYear()
  // 02:00 EST is 07:00 UTC; 02:00 EDT is 06:00 UTC.
  const dstStart = nthSundayUtc(year, 2, 2) + 7 * HOUR_MS
  const dstEnd = nthSundayUtc(year, 10, 1) + 6 * HOUR_MS
  return nowMs >= dstStart && nowMs < dstEnd ? -240 : -300
}

interface LocalTime {
  /** 0 = Sunday */
  day: number
  /** Minutes since local midnight. */
  minute: number
}

function localTime(nowMs: number, offsetMinutes: number): LocalTime {
  const shifted = new Date(nowMs + offsetMinutes * MINUTE_MS)
  return { day: shifted.getUTCDay(), minute: shifted.getUTCHours() * 60 + shifted.getUTCMinutes() }
}

const at = (hours: number, minutes = 0) => hours * 60 + minutes
const isWeekday = (day: number) => day >= 1 && day <= FRIDAY

function forexOpen({ day, minute }: LocalTime): boolean {
  if (day === SATURDAY) return false
  if (day === SUNDAY) return minute >= at(22)
  if (day === FRIDAY) return minute < at(22)
  return true
}

function commoditiesOpen({ day, minute }: LocalTime): boolean {
  if (day === SATURDAY) return false
  if (day === SUNDAY) return minute >= at(18)
  if (day === FRIDAY) return minute < at(17)
  return minute < at(17) || minute >= at(18)
}

/** Whether an asset of this type trades at `nowMs` (epoch milliseconds). */
export function isMarketOpen(type: AssetType, nowMs: number): boolean {
  switch (type) {
    case 'crypto':
      return true
    case 'forex':
      return forexOpen(localTime(nowMs, 0))
    case 'stocks':
    case 'indices': {
      const local = localTime(nowMs, newYorkOffsetMinutes(nowMs))
      return isWeekday(local.day) && local.minute >= at(9, 30) && local.minute < at(16)
    }
    case 'commodities':
      return commoditiesOpen(localTime(nowMs, newYorkOffsetMinutes(nowMs)))
    case 'metals': {
      const local = localTime(nowMs, newYorkOffsetMinutes(nowMs))
      return isWeekday(local.day) && local.minute >= at(9) && local.minute < at(17)
    }
  }
}
