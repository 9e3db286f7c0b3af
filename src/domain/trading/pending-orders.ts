// What the workspace shows and sends about pending orders (decision 0034), pure so the dialogs, the Active Orders
// panel and tests agree: an order's name ('Buy limit'), what a price makes against the market and how it fills,
// the distance to the market, expiries between the datetime-local field and ISO, the words of an order's end, and
// the fields a change really changes (PATCH /orders/{id} takes only those).
import type { Asset } from '../contract/assets'
import {
  ModifyOrderRequestSchema,
  type ModifyOrderRequest,
  type Order,
  type OrderType,
  type PlaceOrderRequest,
} from '../contract/orders'
import type { TradeSide } from '../contract/trades'
import { formatPrice } from '../format/numbers'
import { levelText } from './position-levels'
import { parseDecimal } from './profit-calculator'
import { ORDER_LEVEL_RULES, orderTypeAt, triggerPriceQuote, type MarketQuote } from './order-rules'
import { checkVolumeLots, fromLots, VOLUME_UNITS } from './volume'

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** 'Buy limit', 'Sell stop'. */
export const orderKindLabel = (side: TradeSide, type: OrderType) => `${capitalised(side)} ${type}`

/** Which of the market's prices an order of this side waits for, as the customer reads it. */
const triggerName = (side: TradeSide) => (side === 'buy' ? 'ask' : 'bid')

/** The units an order of `lots` holds (lots x contract size), on the grid of the asset's unit step. */
export const lotsToUnits = (lots: number, contractSize: number) =>
  fromLots(lots, VOLUME_UNITS.UNITS, { contractSize, rateQuote: 0 })

export interface OrderAtPrice {
  /** Undefined at the market price itself: that would be a market order. */
  type: OrderType | undefined
  /** One line the dialog shows before the customer confirms. */
  text: string
}

/**
 * What a pending price makes against the live market, and how it would fill (a limit at its level or better, a
 * stop at the market once reached: fillPriceQuote). At the market price itself, the rules of both kinds.
 */
export function orderAtPrice(side: TradeSide, priceQuote: number, quote: MarketQuote): OrderAtPrice {
  const type = orderTypeAt(side, priceQuote, quote)
  const price = formatPrice(priceQuote)
  if (type === undefined) {
    const rules = ORDER_LEVEL_RULES[side]
    const market = formatPrice(triggerPriceQuote(side, quote))
    return { type, text: `${rules.limit} and ${rules.stop.replace(/^A /, 'a ')} (${market}).` }
  }
  const kind = orderKindLabel(side, type)
  const text =
    type === 'limit'
      ? `${kind}: fills at ${price} or better when the ${triggerName(side)} reaches it.`
      : `${kind}: fills at the market when the ${triggerName(side)} reaches ${price}.`
  return { type, text }
}

/** Tenths of a billionth: below any listed asset's tick, above binary noise (1.1 - 1.0987). */
const DISTANCE_DECIMALS = 10

/**
 * How far an order's price is from the price it triggers on (a buy's ask, a sell's bid): positive when the order
 * waits above the market, negative below.
 */
export function distanceToMarket(order: Pick<Order, 'trade_type' | 'price'>, quote: MarketQuote): number {
  const distance = order.price - triggerPriceQuote(order.trade_type, quote)
  return Number(distance.toFixed(DISTANCE_DECIMALS))
}

/** '+0.00213' or '−2,113.40000' (a true minus sign); a distance that rounds to nothing has no sign. */
export function formatDistance(distanceQuote: number): string {
  const magnitude = formatPrice(Math.abs(distanceQuote))
  if (Number(magnitude.replaceAll(',', '')) === 0) return magnitude
  return `${distanceQuote > 0 ? '+' : '−'}${magnitude}`
}

/** The titles of the toasts of a refused order; their description is the server's sentence. */
export const ORDER_FAILURES = {
  PLACE: 'Failed to place order',
  MODIFY: 'Failed to modify order',
  CANCEL: 'Failed to cancel order',
} as const

/** What an order with no expiry is called: good till cancelled. */
export const GOOD_TILL_CANCELLED = 'GTC'

const shortDateTime = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
})

/** An order's expiry or end, in the customer's time zone: '15 Jul 2026, 14:30'. */
export const formatOrderTime = (iso: string) => shortDateTime.format(new Date(iso))

export const formatExpiry = (iso: string | null) =>
  iso === null ? GOOD_TILL_CANCELLED : formatOrderTime(iso)

const pad = (value: number) => String(value).padStart(2, '0')

/** The value a datetime-local field shows for an expiry ('2026-07-15T14:30', local time); '' for none. */
export function isoToExpiryInput(iso: string | null): string {
  if (iso === null) return ''
  const at = new Date(iso)
  if (Number.isNaN(at.getTime())) return ''
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`
}

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/

/**
 * A datetime-local field's value (local time) as the ISO instant the server takes: null when empty (good till
 * cancelled), undefined when it is not a date and time at all (a day that does not exist, a half-typed value).
 */
export function expiryInputToIso(value: string): string | null | undefined {
  const trimmed = value.trim()
  if (trimmed === '') return null
  const match = LOCAL_DATE_TIME.exec(trimmed)
  if (!match) return undefined
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ]
  const at = new Date(year, month - 1, day, hour, minute, second)
  // new Date rolls 31 June over to 1 July: a value it had to move is not the one typed.
  if (at.getFullYear() !== year || at.getMonth() !== month - 1 || at.getDate() !== day) return undefined
  return at.toISOString()
}

export const EXPIRY_INVALID = 'Enter a date and time, or leave it empty for good till cancelled.'

/** How an order ended, in words: its status, and for a cancel who or what cancelled it. */
export function orderEndText(order: Pick<Order, 'status' | 'reason'>): string {
  switch (order.status) {
    case 'pending':
      return 'Pending'
    case 'filled':
      return 'Filled'
    case 'expired':
      return 'Expired'
    case 'cancelled':
      switch (order.reason) {
        case 'staff':
          return 'Cancelled by staff'
        case 'insufficient_margin':
          return 'Cancelled: not enough free margin'
        case 'account_inactive':
          return 'Cancelled: the account could not trade'
        case 'expired':
          return 'Expired'
        default:
          return 'Cancelled'
      }
  }
}

/**
 * A price stepper's step for an asset at this price: a ten-thousandth of its order of magnitude, so one press
 * moves 1.08412 by 0.0001 and 67,000 by 1, never less than 0.00001 (the shown precision).
 */
export function priceStepFor(priceQuote: number): number {
  if (!Number.isFinite(priceQuote) || priceQuote <= 0) return 0.00001
  const exponent = Math.floor(Math.log10(priceQuote)) - 4
  return exponent < -5 ? 0.00001 : Number((10 ** exponent).toFixed(Math.max(0, -exponent)))
}

export const VOLUME_NOT_A_NUMBER = 'Volume must be a number of lots'

/** Lots as typed, on the 0.01 grid and within the limits of every order (checkVolumeLots), or why not. */
export function lotsOf(text: string): { ok: true; lots: number } | { ok: false; message: string } {
  const value = parseDecimal(text)
  if (value === null) return { ok: false, message: VOLUME_NOT_A_NUMBER }
  const check = checkVolumeLots(value)
  return check.ok ? { ok: true, lots: check.volumeLots } : { ok: false, message: check.message }
}

/** The modify form's fields as typed. Levels may be empty (0: none). */
export interface OrderForm {
  price: string
  /** Lots. */
  volume: string
  takeProfit: string
  stopLoss: string
  trailingStop: string
  /** A datetime-local value; '' = good till cancelled. */
  expiry: string
}

export type OrderFormField = keyof OrderForm

/** The server's names of the fields, for its 422 messages. */
export const ORDER_FORM_FIELDS: Record<OrderFormField, keyof ModifyOrderRequest> = {
  price: 'price',
  volume: 'volume',
  takeProfit: 'take_profit',
  stopLoss: 'stop_loss',
  trailingStop: 'trailing_stop',
  expiry: 'expires_at',
}

/** The form as the order stands: what the modify dialog opens with. */
export function orderForm(order: Order): OrderForm {
  return {
    price: String(order.price),
    volume: order.qty.toFixed(2),
    takeProfit: levelText(order.take_profit),
    stopLoss: levelText(order.stop_loss),
    trailingStop: levelText(order.trailing_stop),
    expiry: isoToExpiryInput(order.expires_at),
  }
}

export const NOTHING_CHANGED = 'Nothing has changed.'

export type OrderChanges =
  | { ok: true; changes: ModifyOrderRequest }
  | { ok: false; errors: Partial<Record<OrderFormField, string>>; message?: string }

/**
 * The fields of PATCH /orders/{id} that the form changes, checked as the contract checks them; what the customer
 * left as it was is not sent (an expiry compares to the minute the field shows). An empty level is 0: removed.
 */
export function orderChanges(order: Order, form: OrderForm, contractSize: number): OrderChanges {
  const errors: Partial<Record<OrderFormField, string>> = {}
  const changes: ModifyOrderRequest = {}

  const price = parseDecimal(form.price)
  if (price === null) errors.price = 'Price must be a number'
  else if (price !== order.price) changes.price = price

  const volume = lotsOf(form.volume)
  if (!volume.ok) errors.volume = volume.message
  else if (volume.lots !== order.qty) changes.volume = lotsToUnits(volume.lots, contractSize)

  const levels = [
    ['takeProfit', 'take_profit', 'Take profit'],
    ['stopLoss', 'stop_loss', 'Stop loss'],
    ['trailingStop', 'trailing_stop', 'Trailing stop'],
  ] as const
  for (const [field, key, label] of levels) {
    const text = form[field].trim()
    const value = text === '' ? 0 : parseDecimal(text)
    if (value === null) errors[field] = `${label} must be a number`
    else if (value !== order[key]) changes[key] = value
  }

  if (form.expiry !== isoToExpiryInput(order.expires_at)) {
    const expiresAt = expiryInputToIso(form.expiry)
    if (expiresAt === undefined) errors.expiry = EXPIRY_INVALID
    else changes.expires_at = expiresAt
  }

  if (Object.keys(errors).length > 0) return { ok: false, errors }
  if (Object.keys(changes).length === 0) return { ok: false, errors: {}, message: NOTHING_CHANGED }
  // The contract's own limits (positive price, levels 0 or more), with its messages, on the form's fields.
  const checked = ModifyOrderRequestSchema.safeParse(changes)
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const field = formFieldOf(String(issue.path[0]))
      if (field && !errors[field]) errors[field] = issue.message
    }
    return { ok: false, errors }
  }
  return { ok: true, changes: checked.data }
}

/** The form's field for a server field name, or null. */
export function formFieldOf(serverName: string): OrderFormField | null {
  const entry = Object.entries(ORDER_FORM_FIELDS).find(([, name]) => name === serverName)
  return entry ? (entry[0] as OrderFormField) : null
}

/** The pending order dialog's fields as typed; a null price is the market ('Current'). */
export interface PendingForm {
  price: string
  /** Lots. */
  volume: string
  /** A datetime-local value; '' = good till cancelled. */
  expiry: string
}

export type PendingFormField = keyof PendingForm

export type PlaceOrderCheck =
  { ok: true; payload: PlaceOrderRequest } | { ok: false; errors: Partial<Record<PendingFormField, string>> }

/**
 * POST /orders from the dialog's fields: the type the price makes against the live market (a buy below the ask is
 * a limit, above it a stop), the volume in units, the trade form's take-profit and stop-loss (0: none) and the
 * expiry. A price at the market itself makes no order: the dialog says why.
 */
export function placeOrderRequest(input: {
  side: TradeSide
  asset: Pick<Asset, 'id' | 'contract_size' | 'buy_price' | 'sell_price'>
  form: PendingForm
  takeProfit: number
  stopLoss: number
}): PlaceOrderCheck {
  const { side, asset, form } = input
  const errors: Partial<Record<PendingFormField, string>> = {}
  const price = parseDecimal(form.price)
  const type = price !== null && price > 0 ? orderAtPrice(side, price, asset) : undefined
  if (type === undefined) errors.price = 'Price must be a positive number'
  else if (type.type === undefined) errors.price = type.text
  const volume = lotsOf(form.volume)
  if (!volume.ok) errors.volume = volume.message
  const expiresAt = expiryInputToIso(form.expiry)
  if (expiresAt === undefined) errors.expiry = EXPIRY_INVALID
  if (price === null || type?.type === undefined || !volume.ok || expiresAt === undefined) {
    return { ok: false, errors }
  }
  return {
    ok: true,
    payload: {
      type: side,
      order_type: type.type,
      id: asset.id,
      volume: lotsToUnits(volume.lots, asset.contract_size),
      price,
      take_profit: input.takeProfit,
      stop_loss: input.stopLoss,
      trailing_stop: 0,
      expires_at: expiresAt,
    },
  }
}
