// The profit calculator of the /mt4 workspace (docs/product/trading-workspace.md#profit-calculator): its form rules
// and every figure it shows. Pure, so the dialog only renders what these functions return.
//
// The form takes text (what the inputs hold) and yields numbers. Volume is in lots; the figures work in units
// (lots x contract size), like the account maths they reuse, so a calculated position shows the same P/L as an
// open one at the same prices.
import * as z from 'zod/mini'
import '../contract/zod-messages'
import { TradeSideSchema, type TradeSide } from '../contract/trades'
import { positionMarginUsd, positionPnlUsd } from './account-maths'
import { DEFAULT_TRADING_LEVERAGE } from './leverage'
import { DEFAULT_CONTRACT_SIZE, DEFAULT_VOLUME_LOTS } from './volume'

/** docs/product/trading-workspace.md#profit-calculator, verbatim. */
export const PROFIT_CALCULATOR_MESSAGES = {
  VOLUME: 'Volume must be a positive number',
  ENTRY_PRICE: 'Entry price must be a positive number',
  TAKE_PROFIT: 'Take profit must be a non-negative number',
  STOP_LOSS: 'Stop loss must be a non-negative number',
} as const

/**
 * docs/product/trading-workspace.md#profit-calculator: default take profit and stop loss sit 0.1 % of the entry price
 * away, on the side's winning/losing side.
 */
export const DEFAULT_TP_SL_DISTANCE = 0.001
/** docs/product/trading-workspace.md#profit-calculator: pip value = volume x 0.0001. */
export const PIP_SIZE = 0.0001
/**
 * docs/product/trading-workspace.md#profit-calculator: the calculator's TP/SL stepper moves by 0.01; the pending
 * order's price stepper by 0.00001.
 */
export const PRICE_STEPS = { TAKE_PROFIT_STOP_LOSS: 0.01, PENDING: 0.00001 } as const
/** docs/product/orders-and-alerts.md#volume-and-limits: default volume 0.01 lot. */
export const DEFAULT_CALCULATOR_VOLUME_LOTS = DEFAULT_VOLUME_LOTS
/**
 * Prices are shown with 5 decimals (docs/product/trading-workspace.md#price-display); defaults and stepped values are
 * rounded to that, no finer.
 */
export const CALCULATOR_PRICE_DECIMALS = 5

// Plain decimals only: Number() alone would also take '0x10', '1e3' or '' (as 0).
const DECIMAL_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)$/

/** The number a field's text holds, or null when it is not a plain decimal. */
export function parseDecimal(text: string): number | null {
  const trimmed = text.trim()
  if (!DECIMAL_TEXT.test(trimmed)) return null
  const value = Number(trimmed)
  return Number.isFinite(value) ? value : null
}

const decimalText = (message: string, accepts: (value: number) => boolean) =>
  z.pipe(
    z.string().check(
      z.refine((text) => {
        const value = parseDecimal(text)
        return value !== null && accepts(value)
      }, message),
    ),
    z.transform((text: string) => parseDecimal(text) as number),
  )

export const ProfitCalculatorSchema = z.object({
  side: TradeSideSchema,
  volumeLots: decimalText(PROFIT_CALCULATOR_MESSAGES.VOLUME, (value) => value > 0),
  entryPriceQuote: decimalText(PROFIT_CALCULATOR_MESSAGES.ENTRY_PRICE, (value) => value > 0),
  takeProfitQuote: decimalText(PROFIT_CALCULATOR_MESSAGES.TAKE_PROFIT, (value) => value >= 0),
  stopLossQuote: decimalText(PROFIT_CALCULATOR_MESSAGES.STOP_LOSS, (value) => value >= 0),
})
/** What the form holds: text per field. */
export type ProfitCalculatorInput = z.input<typeof ProfitCalculatorSchema>
/** What the form yields once valid. */
export type ProfitCalculator = z.output<typeof ProfitCalculatorSchema>

/** Rounds a price to the shown precision, so 1.1 x 1.001 reads 1.1011 and not 1.1010999999999999. */
export function roundPrice(priceQuote: number, decimals: number = CALCULATOR_PRICE_DECIMALS): number {
  const factor = 10 ** decimals
  return Math.round(priceQuote * factor) / factor
}

/** docs/product/trading-workspace.md#profit-calculator: buy TP = entry x 1.001, sell TP = entry x 0.999. */
export function defaultTakeProfit(side: TradeSide, entryPriceQuote: number): number {
  const factor = side === 'buy' ? 1 + DEFAULT_TP_SL_DISTANCE : 1 - DEFAULT_TP_SL_DISTANCE
  return roundPrice(entryPriceQuote * factor)
}

/** docs/product/trading-workspace.md#profit-calculator: buy SL = entry x 0.999, sell SL = entry x 1.001. */
export function defaultStopLoss(side: TradeSide, entryPriceQuote: number): number {
  const factor = side === 'buy' ? 1 - DEFAULT_TP_SL_DISTANCE : 1 + DEFAULT_TP_SL_DISTANCE
  return roundPrice(entryPriceQuote * factor)
}

/** docs/product/trading-workspace.md#profit-calculator: pip value (USD) = volume (units) x 0.0001. */
export const pipValue = (volumeUnits: number) => volumeUnits * PIP_SIZE

/**
 * One stepper press: the value moves by `step` (direction +1 or -1), rounded to the shown precision so repeated
 * presses do not drift (0.1 + 0.2), and never below 0 (TP, SL and prices are non-negative).
 */
export function stepPrice(valueQuote: number, step: number, direction: 1 | -1): number {
  return Math.max(0, roundPrice(valueQuote + direction * step))
}

const usable = (value: number) => Number.isFinite(value) && value > 0

export interface CalculatorResult {
  volumeUnits: number
  marginUsd: number
  pipValueUsd: number
  /** P/L if the take profit is reached; null when take profit is 0 (not set). */
  profitAtTakeProfitUsd: number | null
  /** P/L if the stop loss is reached (negative when it is a loss); null when stop loss is 0 (not set). */
  lossAtStopLossUsd: number | null
}

/**
 * docs/product/trading-workspace.md#account-figures: margin = volume x price / leverage, pip value = volume x 0.0001,
 * and the P/L at each level with the account maths' rule (buy: (level - entry) x volume; sell the reverse). Volume in
 * units = lots x contract size. A missing contract size counts as a standard lot (100,000) and a missing leverage as
 * the trading default (20).
 */
export function calculatorResult(
  values: ProfitCalculator,
  market: { contractSize: number; leverage: number },
): CalculatorResult {
  const contractSize = usable(market.contractSize) ? market.contractSize : DEFAULT_CONTRACT_SIZE
  const leverage = usable(market.leverage) ? market.leverage : DEFAULT_TRADING_LEVERAGE
  const volumeUnits = values.volumeLots * contractSize
  const pnlAt = (levelQuote: number) =>
    levelQuote === 0 ? null : positionPnlUsd(values.side, values.entryPriceQuote, levelQuote, volumeUnits)
  return {
    volumeUnits,
    marginUsd: positionMarginUsd(volumeUnits, values.entryPriceQuote, leverage),
    pipValueUsd: pipValue(volumeUnits),
    profitAtTakeProfitUsd: pnlAt(values.takeProfitQuote),
    lossAtStopLossUsd: pnlAt(values.stopLossQuote),
  }
}

/** A price as a field's text, with the shown precision (1.1011 -> '1.10110'). */
export const priceText = (priceQuote: number) => roundPrice(priceQuote).toFixed(CALCULATOR_PRICE_DECIMALS)

/** The form's opening values: 0.01 lot at the given entry price, TP and SL at their defaults for the side. */
export function initialCalculatorInput(side: TradeSide, entryPriceQuote: number): ProfitCalculatorInput {
  return {
    side,
    volumeLots: String(DEFAULT_CALCULATOR_VOLUME_LOTS),
    entryPriceQuote: priceText(entryPriceQuote),
    takeProfitQuote: priceText(defaultTakeProfit(side, entryPriceQuote)),
    stopLossQuote: priceText(defaultStopLoss(side, entryPriceQuote)),
  }
}
