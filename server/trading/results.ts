// What the trading services answer and the sentences they answer with: shared by the trade engine, pending orders
// and position changes, so that every refusal has one wording and one shape.
import { createHash } from 'node:crypto'
import {
  IDEMPOTENCY_KEY_REUSED_MESSAGE,
  TRADE_LIMITS,
  type Asset,
  type Trade,
} from '../../src/domain/contract'
import { TRADING_HOURS_LABELS } from '../../src/domain/market/trading-hours'
import { TRADE_MESSAGES as CLIENT_TRADE_MESSAGES } from '../../src/domain/trading/messages'

/**
 * The client's toasts (docs/product/orders-and-alerts.md#order-ticket) and the server's answers say the same words:
 * one definition, in src/domain.
 */
export const TRADE_MESSAGES = {
  ASSET_NOT_FOUND: 'Asset not found',
  TRADE_NOT_FOUND: 'Trade not found',
  ALREADY_CLOSED: 'This position is already closed.',
  CLOSED: CLIENT_TRADE_MESSAGES.CLOSED,
  BUY_PLACED: CLIENT_TRADE_MESSAGES.BUY_PLACED,
  SELL_PLACED: CLIENT_TRADE_MESSAGES.SELL_PLACED,
  PENDING: 'Your account is awaiting approval; you can trade once it is approved.',
  DEACTIVATED: 'Your account is deactivated, so it cannot trade.',
  KEY_REUSED: IDEMPOTENCY_KEY_REUSED_MESSAGE,
} as const

/**
 * sha256 of an order as validated, its keys sorted: what a retry under the same Idempotency-Key must send again
 * (decision 0018). Unknown fields were already dropped by the schema, so they never make two orders differ.
 */
export function orderHash(request: object): string {
  const sorted = Object.entries(request).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return createHash('sha256').update(JSON.stringify(sorted)).digest('hex')
}

/** Levels outside this range cannot be a price of any listed asset (and would not fit numeric(24,10)). */
export const MIN_LEVEL_QUOTE = 1e-8
export const MAX_LEVEL_QUOTE = 1e12
export const levelOutOfRange = (level: number) =>
  level !== 0 && (level < MIN_LEVEL_QUOTE || level >= MAX_LEVEL_QUOTE)

export type FieldErrors = Record<string, string[]>

export type EngineResult =
  | { ok: true; statusCode: 200 | 201; message: string; trade: Trade }
  | { ok: false; statusCode: 404 | 409 | 422; message: string; errors?: FieldErrors }

export type Refusal = Extract<EngineResult, { ok: false }>

export const refuse = (statusCode: 404 | 409 | 422, message: string, field?: string): Refusal => ({
  ok: false,
  statusCode,
  message,
  ...(field === undefined ? {} : { errors: { [field]: [message] } }),
})

/** A 422 naming every field that is wrong, its message the first of them; undefined when none is. */
export function fieldsRefused(errors: FieldErrors): Refusal | undefined {
  const [first] = Object.values(errors).flat()
  return first === undefined ? undefined : { ok: false, statusCode: 422, message: first, errors }
}

export function lotsProblem(lots: number): string | undefined {
  if (lots < TRADE_LIMITS.MIN_LOTS) return `Lots must be at least ${TRADE_LIMITS.MIN_LOTS}.`
  if (lots > TRADE_LIMITS.MAX_LOTS) return `Lots must be at most ${TRADE_LIMITS.MAX_LOTS}.`
  const steps = lots / TRADE_LIMITS.LOT_STEP
  if (Math.abs(steps - Math.round(steps)) > 1e-6)
    return `Lots must be a multiple of ${TRADE_LIMITS.LOT_STEP}.`
  return undefined
}

/**
 * The lots a volume in units makes (units = lots x contract size, on the 0.01-lot grid), or why it makes none.
 * Lots have two decimals: dividing an integer keeps 0.29 from becoming 0.29000000000000004.
 */
export function lotsOfVolume(volumeUnits: number, contractSize: number): number | string {
  const lots = Math.round((volumeUnits / contractSize) * 100) / 100
  const units = Number((lots * contractSize).toFixed(6))
  if (Math.abs(volumeUnits - units) > Math.max(units * 1e-6, 1e-9)) {
    return `Volume must be a whole number of ${TRADE_LIMITS.LOT_STEP} lots: ${Number((contractSize * TRADE_LIMITS.LOT_STEP).toFixed(6))} units each.`
  }
  return lotsProblem(lots) ?? lots
}

/** Units of `lots` of an asset, as positions store them. */
export const unitsOfLots = (lots: number, contractSize: number) => Number((lots * contractSize).toFixed(6))

export function marketClosedMessage(asset: Pick<Asset, 'symbol' | 'type'>): string {
  return `The ${asset.symbol} market is closed. Trading hours: ${TRADING_HOURS_LABELS[asset.type]}.`
}

export const noPriceMessage = (symbol: string) => `No price is available for ${symbol} right now.`
