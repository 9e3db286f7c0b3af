import { describe, expect, it } from 'vitest'
import type { Order } from '../../../src/domain/contract/orders'
import {
  distanceToMarket,
  EXPIRY_INVALID,
  expiryInputToIso,
  formatDistance,
  formatExpiry,
  formFieldOf,
  isoToExpiryInput,
  lotsToUnits,
  NOTHING_CHANGED,
  orderAtPrice,
  orderChanges,
  orderEndText,
  orderForm,
  orderKindLabel,
  placeOrderRequest,
  priceStepFor,
} from '../../../src/domain/trading/pending-orders'

// EUR/USD: bid 1.09990, ask 1.10000 (contract 100,000); BTC/USD: bid 66,950, ask 67,050 (contract 1).
const EURUSD = { id: 2, contract_size: 100_000, sell_price: 1.0999, buy_price: 1.1 }
const BTCUSD = { id: 1, contract_size: 1, sell_price: 66_950, buy_price: 67_050 }

const ORDER: Order = {
  id: 41,
  order_id: 'O0000041',
  asset_id: 'eurusd',
  asset_symbol: 'EURUSD',
  trade_type: 'buy',
  order_type: 'limit',
  price: 1.08412,
  volume: 10_000,
  qty: 0.1,
  take_profit: 1.09,
  stop_loss: 0,
  trailing_stop: 0,
  expires_at: null,
  status: 'pending',
  trade_id: null,
  created_at: '2026-07-15T09:30:00.000Z',
  closed_at: null,
  reason: null,
}

const form = (changes: Partial<ReturnType<typeof orderForm>> = {}) => ({ ...orderForm(ORDER), ...changes })

describe('what an order is called and what a price makes', () => {
  it("names the side and type: 'Buy limit', 'Sell stop'", () => {
    expect(orderKindLabel('buy', 'limit')).toBe('Buy limit')
    expect(orderKindLabel('sell', 'stop')).toBe('Sell stop')
  })

  it('reads a buy below the ask as a limit and above it as a stop, each with how it fills', () => {
    expect(orderAtPrice('buy', 1.08412, EURUSD)).toEqual({
      type: 'limit',
      text: 'Buy limit: fills at 1.08412 or better when the ask reaches it.',
    })
    expect(orderAtPrice('buy', 1.105, EURUSD)).toEqual({
      type: 'stop',
      text: 'Buy stop: fills at the market when the ask reaches 1.10500.',
    })
  })

  it('reads a sell above the bid as a limit and below it as a stop', () => {
    expect(orderAtPrice('sell', 1.1001, EURUSD).text).toBe(
      'Sell limit: fills at 1.10010 or better when the bid reaches it.',
    )
    expect(orderAtPrice('sell', 1.09, EURUSD).type).toBe('stop')
  })

  it('says at the market price itself that a limit and a stop must be on either side of it', () => {
    expect(orderAtPrice('buy', 1.1, EURUSD)).toEqual({
      type: undefined,
      text: 'A buy limit must be below the current buy price and a buy stop must be above the current buy price (1.10000).',
    })
    expect(orderAtPrice('sell', 1.0999, EURUSD).text).toBe(
      'A sell limit must be above the current sell price and a sell stop must be below the current sell price (1.09990).',
    )
  })
})

describe('the distance to the market', () => {
  it('measures a buy from the ask and a sell from the bid, negative below the market', () => {
    expect(distanceToMarket({ trade_type: 'buy', price: 1.08412 }, EURUSD)).toBe(-0.01588)
    expect(distanceToMarket({ trade_type: 'sell', price: 1.08412 }, EURUSD)).toBe(-0.01578)
    expect(distanceToMarket({ trade_type: 'sell', price: 68_000 }, BTCUSD)).toBe(1_050)
  })

  it('prints it signed in the price units, with no sign when it rounds to nothing', () => {
    expect(formatDistance(-0.01588)).toBe('−0.01588')
    expect(formatDistance(1_050)).toBe('+1,050.00000')
    expect(formatDistance(0.000001)).toBe('0.00000')
  })
})

describe('lots and units', () => {
  it('turns lots into units of the asset on its unit grid', () => {
    expect(lotsToUnits(0.07, 100_000)).toBe(7_000)
    expect(lotsToUnits(0.1, 100_000)).toBe(10_000)
    expect(lotsToUnits(0.03, 1)).toBe(0.03)
  })
})

describe('expiries between the datetime-local field and ISO', () => {
  it('reads the field as local time and writes it back unchanged', () => {
    const iso = expiryInputToIso('2026-07-15T14:30')
    expect(iso).toBe(new Date(2026, 6, 15, 14, 30).toISOString())
    expect(isoToExpiryInput(iso ?? null)).toBe('2026-07-15T14:30')
  })

  it('shows an ISO expiry in the local minutes the field holds', () => {
    const at = new Date(2027, 0, 2, 3, 4, 59)
    expect(isoToExpiryInput(at.toISOString())).toBe('2027-01-02T03:04')
  })

  it('takes an empty field as good till cancelled and refuses a day that does not exist', () => {
    expect(expiryInputToIso('')).toBeNull()
    expect(expiryInputToIso('  ')).toBeNull()
    expect(expiryInputToIso('2026-06-31T10:00')).toBeUndefined()
    expect(expiryInputToIso('2026-07-15')).toBeUndefined()
    expect(isoToExpiryInput(null)).toBe('')
  })

  it("shows no expiry as 'GTC' and an expiry as a short date and time", () => {
    expect(formatExpiry(null)).toBe('GTC')
    const at = new Date(2026, 6, 15, 14, 30)
    expect(formatExpiry(at.toISOString())).toBe('15 Jul 2026, 14:30')
  })
})

describe('how an order ended', () => {
  it('says filled, expired and each cancel in words', () => {
    expect(orderEndText({ status: 'filled', reason: null })).toBe('Filled')
    expect(orderEndText({ status: 'expired', reason: 'expired' })).toBe('Expired')
    expect(orderEndText({ status: 'cancelled', reason: 'user' })).toBe('Cancelled')
    expect(orderEndText({ status: 'cancelled', reason: 'staff' })).toBe('Cancelled by staff')
    expect(orderEndText({ status: 'cancelled', reason: 'insufficient_margin' })).toBe(
      'Cancelled: not enough free margin',
    )
    expect(orderEndText({ status: 'cancelled', reason: 'account_inactive' })).toBe(
      'Cancelled: the account could not trade',
    )
  })
})

describe('the price stepper', () => {
  it('moves a ten-thousandth of the price, never finer than 0.00001', () => {
    expect(priceStepFor(1.08412)).toBe(0.0001)
    expect(priceStepFor(67_000)).toBe(1)
    expect(priceStepFor(2_400)).toBe(0.1)
    expect(priceStepFor(0.0123)).toBe(0.00001)
    expect(priceStepFor(0)).toBe(0.00001)
  })
})

describe('the changes a modify sends', () => {
  it('opens with the order as it stands and finds nothing to send', () => {
    expect(orderForm(ORDER)).toEqual({
      price: '1.08412',
      volume: '0.10',
      takeProfit: '1.09',
      stopLoss: '',
      trailingStop: '',
      expiry: '',
    })
    expect(orderChanges(ORDER, form(), 100_000)).toEqual({ ok: false, errors: {}, message: NOTHING_CHANGED })
  })

  it('sends only the fields that changed, the volume in units', () => {
    expect(orderChanges(ORDER, form({ price: '1.085', volume: '0.25' }), 100_000)).toEqual({
      ok: true,
      changes: { price: 1.085, volume: 25_000 },
    })
  })

  it('removes a level left empty and sets a new one', () => {
    expect(orderChanges(ORDER, form({ takeProfit: '', stopLoss: '1.08' }), 100_000)).toEqual({
      ok: true,
      changes: { take_profit: 0, stop_loss: 1.08 },
    })
  })

  it('sends an expiry as ISO, and null when it is cleared', () => {
    const changed = orderChanges(ORDER, form({ expiry: '2026-08-01T09:00' }), 100_000)
    expect(changed).toEqual({
      ok: true,
      changes: { expires_at: new Date(2026, 7, 1, 9, 0).toISOString() },
    })
    const expiring = { ...ORDER, expires_at: new Date(2026, 7, 1, 9, 0, 30).toISOString() }
    expect(orderChanges(expiring, { ...orderForm(expiring) }, 100_000)).toMatchObject({ ok: false })
    expect(orderChanges(expiring, { ...orderForm(expiring), expiry: '' }, 100_000)).toEqual({
      ok: true,
      changes: { expires_at: null },
    })
  })

  it('names every field it cannot read, and the contract limits, under their fields', () => {
    const refused = orderChanges(
      ORDER,
      form({ price: 'abc', volume: '60', trailingStop: 'x', expiry: '2026-02-30T10:00' }),
      100_000,
    )
    expect(refused).toEqual({
      ok: false,
      errors: {
        price: 'Price must be a number',
        volume: 'The maximum volume is 50 lots',
        trailingStop: 'Trailing stop must be a number',
        expiry: EXPIRY_INVALID,
      },
    })
    expect(orderChanges(ORDER, form({ price: '0', stopLoss: '-1' }), 100_000)).toEqual({
      ok: false,
      errors: { price: 'Price must be a positive number', stopLoss: 'Stop loss must be 0 or more' },
    })
  })

  it("maps the server's field names to the form's", () => {
    expect(formFieldOf('take_profit')).toBe('takeProfit')
    expect(formFieldOf('expires_at')).toBe('expiry')
    expect(formFieldOf('Idempotency-Key')).toBeNull()
  })
})

describe('placing a pending order', () => {
  const place = (side: 'buy' | 'sell', price: string, volume = '0.05', expiry = '') =>
    placeOrderRequest({
      side,
      asset: EURUSD,
      form: { price, volume, expiry },
      takeProfit: 0,
      stopLoss: 1.07,
    })

  it('sends the type the price makes, the volume in units and the levels', () => {
    expect(place('buy', '1.08412')).toEqual({
      ok: true,
      payload: {
        type: 'buy',
        order_type: 'limit',
        id: 2,
        volume: 5_000,
        price: 1.08412,
        take_profit: 0,
        stop_loss: 1.07,
        trailing_stop: 0,
        expires_at: null,
      },
    })
    expect(place('sell', '1.08412', '0.05', '2026-08-01T09:00')).toMatchObject({
      ok: true,
      payload: { order_type: 'stop', expires_at: new Date(2026, 7, 1, 9, 0).toISOString() },
    })
  })

  it('refuses a price at the market, an unreadable volume and expiry, each under its field', () => {
    expect(place('buy', '1.1', 'lots', '2026-13-01T00:00')).toEqual({
      ok: false,
      errors: {
        price: orderAtPrice('buy', 1.1, EURUSD).text,
        volume: 'Volume must be a number of lots',
        expiry: EXPIRY_INVALID,
      },
    })
    expect(place('buy', '-1')).toEqual({ ok: false, errors: { price: 'Price must be a positive number' } })
  })
})
