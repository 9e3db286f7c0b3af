// The trade form's volume (docs/product/orders-and-alerts.md#order-ticket and #volume-and-limits): the three units it
// can be typed in, the stepper, the lot limits and what the volume text accepts. Pure, so the form, the profit
// calculator and tests share one rule.
//
// Lots are the order's truth: the server opens lots x contract size units (StoreTradeRequest.qty and .volume), on
// the 0.01-lot grid. Units and currency are other views of the same size:
//   volumeUnits = volumeLots x contractSize
//   amountUsd   = volumeUnits x rateQuote   (the notional; the spec takes the quote as USD, see account-maths.ts)
//
// Every result is rounded to its unit's decimals, so binary float noise (0.1 + 0.2, 0.07 x 100,000) never shows.
import { TRADE_LIMITS } from '../contract/trades'

export const VOLUME_UNITS = { LOTS: 'lots', UNITS: 'units', CURRENCY: 'currency' } as const
export type VolumeUnit = (typeof VOLUME_UNITS)[keyof typeof VOLUME_UNITS]

/** docs/product/orders-and-alerts.md#volume-and-limits: the form opens at 0.01 lot. */
export const DEFAULT_VOLUME_LOTS = 0.01
/**
 * docs/product/orders-and-alerts.md#volume-and-limits: a standard lot, used when an asset carries no usable contract
 * size.
 */
export const DEFAULT_CONTRACT_SIZE = 100_000
/** docs/product/orders-and-alerts.md#volume-and-limits: the currency stepper moves by 10 (USD). */
export const CURRENCY_STEP_USD = 10

const LOT_DECIMALS = 2
const CURRENCY_DECIMALS = 2

/** What converting needs from the asset: its contract_size and its current rate. */
export interface VolumeContext {
  contractSize: number
  rateQuote: number
}

const isPositive = (value: number) => Number.isFinite(value) && value > 0

const contractSizeOf = (ctx: VolumeContext) =>
  isPositive(ctx.contractSize) ? ctx.contractSize : DEFAULT_CONTRACT_SIZE

/**
 * Half-up rounding to `decimals`. Going through 15 significant digits first turns 14.499999999999998 (what
 * 0.145 x 100 gives) back into 14.5 before it is rounded, which Math.round or toFixed alone would get wrong.
 */
function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals
  return Math.round(Number((value * factor).toPrecision(15))) / factor
}

/** Decimals of a step: 0.01 -> 2, 0.5 -> 1, 1000 -> 0. */
function decimalsOf(step: number): number {
  for (let decimals = 0; decimals < 10; decimals += 1) {
    const scaled = step * 10 ** decimals
    if (Math.abs(scaled - Math.round(scaled)) < 1e-9 * Math.max(1, scaled)) return decimals
  }
  return 10
}

/**
 * The stepper's increment in `unit` (docs/product/orders-and-alerts.md#volume-and-limits: 0.01 lot, 1000 units or 10
 * currency). The spec's 1,000 units is one 0.01-lot step at the default contract size of 100,000; it scales with the
 * asset's contract size because our seed has contract size 1 for crypto, stocks and indices (one coin, one share),
 * where a fixed 1,000 units would step a bitcoin position by 1,000 BTC and could never land on the lot grid.
 */
export function volumeStep(unit: VolumeUnit, ctx: VolumeContext): number {
  switch (unit) {
    case VOLUME_UNITS.LOTS:
      return TRADE_LIMITS.LOT_STEP
    case VOLUME_UNITS.UNITS:
      // Divided rather than multiplied by 0.01: 37,500 / 100 is exact, 37,500 x 0.01 is not.
      return roundTo(contractSizeOf(ctx) / 100, 10)
    case VOLUME_UNITS.CURRENCY:
      return CURRENCY_STEP_USD
  }
}

/** Decimals a volume in `unit` is shown and kept with: lots 2, currency 2 (cents), units those of its step. */
export function volumeDecimals(unit: VolumeUnit, ctx: VolumeContext): number {
  switch (unit) {
    case VOLUME_UNITS.LOTS:
      return LOT_DECIMALS
    case VOLUME_UNITS.UNITS:
      return decimalsOf(volumeStep(unit, ctx))
    case VOLUME_UNITS.CURRENCY:
      return CURRENCY_DECIMALS
  }
}

/** A size in lots expressed in `unit`, rounded to that unit's decimals. */
export function fromLots(volumeLots: number, unit: VolumeUnit, ctx: VolumeContext): number {
  const decimals = volumeDecimals(unit, ctx)
  switch (unit) {
    case VOLUME_UNITS.LOTS:
      return roundTo(volumeLots, decimals)
    case VOLUME_UNITS.UNITS:
      return roundTo(volumeLots * contractSizeOf(ctx), decimals)
    case VOLUME_UNITS.CURRENCY:
      return isPositive(ctx.rateQuote)
        ? roundTo(volumeLots * contractSizeOf(ctx) * ctx.rateQuote, decimals)
        : 0
  }
}

/**
 * The lots a value in `unit` orders: rounded to the nearest 0.01 lot (half up) and never below the 0.01-lot
 * minimum for a positive input, so a small positive amount still orders the smallest position. Zero, negative or
 * unreadable input gives 0, and so does a currency amount while the rate is unknown (nothing to convert with):
 * checkVolumeLots then reports it. The maximum is not applied here; checkVolumeLots reports it.
 */
export function toLots(value: number, unit: VolumeUnit, ctx: VolumeContext): number {
  if (!isPositive(value)) return 0
  let exactLots: number
  switch (unit) {
    case VOLUME_UNITS.LOTS:
      exactLots = value
      break
    case VOLUME_UNITS.UNITS:
      exactLots = value / contractSizeOf(ctx)
      break
    case VOLUME_UNITS.CURRENCY:
      if (!isPositive(ctx.rateQuote)) return 0
      exactLots = value / (contractSizeOf(ctx) * ctx.rateQuote)
      break
  }
  const steps = Math.round(Number((exactLots / TRADE_LIMITS.LOT_STEP).toPrecision(15)))
  return Math.max(TRADE_LIMITS.MIN_LOTS, roundTo(steps * TRADE_LIMITS.LOT_STEP, LOT_DECIMALS))
}

/**
 * Switching the form's unit (docs/product/orders-and-alerts.md#order-ticket: values convert between them). The value
 * goes through toLots, so the new unit shows the size that would really be ordered: 1,500 units of a 100,000 contract
 * become 0.02 lot, and switching back shows 2,000 units, not a figure the order cannot have. The same unit returns
 * the value untouched.
 */
export function convertVolume(value: number, from: VolumeUnit, to: VolumeUnit, ctx: VolumeContext): number {
  if (from === to) return value
  return fromLots(toLots(value, from, ctx), to, ctx)
}

/** The 50-lot maximum in `unit`; Infinity in currency while the rate is unknown (no cap can be computed). */
function maxVolume(unit: VolumeUnit, ctx: VolumeContext): number {
  if (unit === VOLUME_UNITS.CURRENCY && !isPositive(ctx.rateQuote)) return Number.POSITIVE_INFINITY
  return fromLots(TRADE_LIMITS.MAX_LOTS, unit, ctx)
}

/** The + button: one step up, stopping at the 50-lot maximum. An empty or unreadable value counts as 0. */
export function stepUp(value: number, unit: VolumeUnit, ctx: VolumeContext): number {
  const current = Number.isFinite(value) ? value : 0
  const next = roundTo(current + volumeStep(unit, ctx), volumeDecimals(unit, ctx))
  return Math.min(next, maxVolume(unit, ctx))
}

/**
 * The - button: one step down; docs/product/orders-and-alerts.md#volume-and-limits, the minimum after decrement
 * equals the step.
 */
export function stepDown(value: number, unit: VolumeUnit, ctx: VolumeContext): number {
  const step = volumeStep(unit, ctx)
  const current = Number.isFinite(value) ? value : 0
  return Math.max(step, roundTo(current - step, volumeDecimals(unit, ctx)))
}

export const VOLUME_PROBLEMS = {
  NOT_POSITIVE: 'not_positive',
  BELOW_MINIMUM: 'below_minimum',
  ABOVE_MAXIMUM: 'above_maximum',
} as const
export type VolumeProblem = (typeof VOLUME_PROBLEMS)[keyof typeof VOLUME_PROBLEMS]

export const VOLUME_MESSAGES: Readonly<Record<VolumeProblem, string>> = {
  // The spec's wording for the profit calculator's volume (docs/product/trading-workspace.md#profit-calculator),
  // reused so both forms say the same.
  [VOLUME_PROBLEMS.NOT_POSITIVE]: 'Volume must be a positive number',
  [VOLUME_PROBLEMS.BELOW_MINIMUM]: `The minimum volume is ${TRADE_LIMITS.MIN_LOTS} lot`,
  [VOLUME_PROBLEMS.ABOVE_MAXIMUM]: `The maximum volume is ${TRADE_LIMITS.MAX_LOTS} lots`,
}

/**
 * The lot limits of docs/product/orders-and-alerts.md#volume-and-limits (minimum 0.01, maximum 50). `volumeLots` is
 * always usable: the value on the 0.01 grid when it is fine, else clamped into the limits (the minimum for a missing
 * or non-positive value), so a form can offer the nearest allowed size next to the reason. Off-grid sizes are not a
 * problem: toLots rounds them.
 */
export type VolumeCheck =
  | { ok: true; volumeLots: number }
  | { ok: false; volumeLots: number; problem: VolumeProblem; message: string }

export function checkVolumeLots(volumeLots: number): VolumeCheck {
  const refuse = (problem: VolumeProblem, clampedLots: number): VolumeCheck => ({
    ok: false,
    volumeLots: clampedLots,
    problem,
    message: VOLUME_MESSAGES[problem],
  })
  if (!isPositive(volumeLots)) return refuse(VOLUME_PROBLEMS.NOT_POSITIVE, TRADE_LIMITS.MIN_LOTS)
  const onGrid = roundTo(volumeLots, LOT_DECIMALS)
  if (onGrid < TRADE_LIMITS.MIN_LOTS) return refuse(VOLUME_PROBLEMS.BELOW_MINIMUM, TRADE_LIMITS.MIN_LOTS)
  if (onGrid > TRADE_LIMITS.MAX_LOTS) return refuse(VOLUME_PROBLEMS.ABOVE_MAXIMUM, TRADE_LIMITS.MAX_LOTS)
  return { ok: true, volumeLots: onGrid }
}

// Digits with at most one decimal point; either side may be empty while the user is typing ('', '.', '5.', '.5').
const VOLUME_TEXT = /^\d*\.?\d*$/

/**
 * docs/product/orders-and-alerts.md#volume-and-limits: volume text accepts only digits with an optional decimal
 * point. A change that breaks the rule is refused whole (the previous text comes back, as if the key was not pressed)
 * rather than cleaned: cleaning would turn a pasted '1,5' (a decimal comma) into '15', ten times the intended order.
 * Surrounding spaces are trimmed.
 */
export function sanitizeVolumeInput(nextText: string, previousText: string): string {
  const trimmed = nextText.trim()
  return VOLUME_TEXT.test(trimmed) ? trimmed : previousText
}

/** The number in accepted volume text; NaN while there is none yet ('' or '.'). */
export function parseVolumeText(text: string): number {
  return /\d/.test(text) ? Number(text) : Number.NaN
}
