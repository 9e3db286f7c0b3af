// Closing a part of an open position (decision 0034): the volume to close, typed in lots, checked as the server
// checks it before anything is sent. Both parts stay on the 0.01-lot grid, so the closed part and what stays open
// are each at least the 0.01-lot minimum of docs/product/orders-and-alerts.md#volume-and-limits, unless the whole
// position closes.
import type { Trade } from '../contract/trades'
import { TRADE_LIMITS } from '../contract/trades'
import { parseDecimal } from './profit-calculator'
import { fromLots, VOLUME_UNITS } from './volume'

// '0.10 lots', or every decimal of a size off the 0.01-lot grid ('0.015 lots').
const lotsText = (lots: number) => {
  const shown = Number.isInteger(Number((lots * 100).toPrecision(12))) ? lots.toFixed(2) : String(lots)
  return `${shown} ${lots === 1 ? 'lot' : 'lots'}`
}
const MIN = `${TRADE_LIMITS.MIN_LOTS} lot`

export const PARTIAL_CLOSE_MESSAGES = {
  NOT_A_NUMBER: 'Enter the volume to close, in lots.',
  BELOW_MINIMUM: `Close at least ${MIN}.`,
  OFF_GRID: `The volume must be a multiple of ${TRADE_LIMITS.LOT_STEP} lot.`,
  aboveHolding: (positionLots: number) => `The position holds ${lotsText(positionLots)}; close at most that.`,
  remainderTooSmall: (positionLots: number) =>
    `What stays open must be at least ${MIN}: close all ${lotsText(positionLots)}, or leave ${MIN} or more.`,
} as const

export type CloseVolumeCheck =
  { ok: true; lots: number; whole: boolean } | { ok: false; lots: null; message: string }

// Whole hundredths of a lot, without binary noise (0.07 x 100 = 7.000000000000001).
const hundredths = (lots: number) => Number((lots * 100).toPrecision(12))
const onGrid = (lots: number) => Number.isInteger(hundredths(lots))

/**
 * The lots to close from the field's text, for a position of `positionLots`: at least 0.01 lot, on the 0.01-lot
 * grid, at most the whole position, and leaving either nothing or at least 0.01 lot open. `whole` says the whole
 * position closes (then nothing but the position's id is sent).
 */
export function checkCloseVolume(text: string, positionLots: number): CloseVolumeCheck {
  const refuse = (message: string): CloseVolumeCheck => ({ ok: false, lots: null, message })
  const lots = parseDecimal(text)
  if (lots === null || lots <= 0) return refuse(PARTIAL_CLOSE_MESSAGES.NOT_A_NUMBER)
  if (hundredths(lots) < hundredths(TRADE_LIMITS.MIN_LOTS))
    return refuse(PARTIAL_CLOSE_MESSAGES.BELOW_MINIMUM)
  if (!onGrid(lots)) return refuse(PARTIAL_CLOSE_MESSAGES.OFF_GRID)
  const remainder = hundredths(positionLots) - hundredths(lots)
  if (remainder < 0) return refuse(PARTIAL_CLOSE_MESSAGES.aboveHolding(positionLots))
  if (remainder === 0) return { ok: true, lots, whole: true }
  if (remainder < hundredths(TRADE_LIMITS.MIN_LOTS)) {
    return refuse(PARTIAL_CLOSE_MESSAGES.remainderTooSmall(positionLots))
  }
  return { ok: true, lots, whole: false }
}

/** The units in one lot of the position: its contract size, else what it holds per lot. */
export function unitsPerLot(trade: Pick<Trade, 'contract_size' | 'volume' | 'qty'>): number {
  if (Number.isFinite(trade.contract_size) && trade.contract_size > 0) return trade.contract_size
  return trade.qty > 0 ? trade.volume / trade.qty : 0
}

/** POST /trade/{id}/close's `volume` for `lots` of the position: units, as the position stores them. */
export function closeVolumeUnits(
  lots: number,
  trade: Pick<Trade, 'contract_size' | 'volume' | 'qty'>,
): number {
  return fromLots(lots, VOLUME_UNITS.UNITS, { contractSize: unitsPerLot(trade), rateQuote: 0 })
}

/** The ± buttons of the volume field: a 0.01-lot step, kept between 0.01 lot and the whole position. */
export function stepCloseVolume(text: string, positionLots: number, direction: 1 | -1): string {
  const current = parseDecimal(text)
  const start = current === null || !Number.isFinite(current) ? positionLots : current
  const stepped = (Math.round(hundredths(start)) + direction) / 100
  const bounded = Math.min(Math.max(stepped, TRADE_LIMITS.MIN_LOTS), positionLots)
  return bounded.toFixed(2)
}
