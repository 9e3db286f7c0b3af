// The trade form's volume (docs/product/orders-and-alerts.md#order-ticket and #volume-and-limits): units, steps,
// limits and the text rule, with the spec's numbers at the default contract size of 100,000 and a EUR/USD-style rate
// of 1.1.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  checkVolumeLots,
  convertVolume,
  CURRENCY_STEP_USD,
  DEFAULT_CONTRACT_SIZE,
  DEFAULT_VOLUME_LOTS,
  fromLots,
  parseVolumeText,
  sanitizeVolumeInput,
  stepDown,
  stepUp,
  toLots,
  VOLUME_MESSAGES,
  VOLUME_PROBLEMS,
  VOLUME_UNITS,
  volumeDecimals,
  volumeStep,
  type VolumeUnit,
} from '../../../src/domain/trading/volume'

const { LOTS, UNITS, CURRENCY } = VOLUME_UNITS
const FOREX = { contractSize: 100_000, rateQuote: 1.1 }
const BITCOIN = { contractSize: 1, rateQuote: 60_000 }
const GOLD = { contractSize: 100, rateQuote: 2_652.4 }
const ALL_UNITS: readonly VolumeUnit[] = [LOTS, UNITS, CURRENCY]

describe('volume defaults (docs/product/orders-and-alerts.md#volume-and-limits)', () => {
  it('names the three units', () => {
    expect(VOLUME_UNITS).toEqual({ LOTS: 'lots', UNITS: 'units', CURRENCY: 'currency' })
  })

  it('opens at 0.01 lot, which is 1,000 units at the default contract size of 100,000', () => {
    expect(DEFAULT_VOLUME_LOTS).toBe(0.01)
    expect(DEFAULT_CONTRACT_SIZE).toBe(100_000)
    expect(fromLots(DEFAULT_VOLUME_LOTS, UNITS, FOREX)).toBe(1_000)
  })
})

describe('steps (docs/product/orders-and-alerts.md#volume-and-limits)', () => {
  it('are 0.01 lot, 1,000 units or 10 currency at the default contract size', () => {
    expect(volumeStep(LOTS, FOREX)).toBe(0.01)
    expect(volumeStep(UNITS, FOREX)).toBe(1_000)
    expect(volumeStep(CURRENCY, FOREX)).toBe(10)
    expect(CURRENCY_STEP_USD).toBe(10)
  })

  it('in units are one 0.01-lot step of the asset, so they scale with the contract size', () => {
    expect(volumeStep(UNITS, BITCOIN)).toBe(0.01)
    expect(volumeStep(UNITS, GOLD)).toBe(1)
    expect(volumeStep(UNITS, { contractSize: 37_500, rateQuote: 3.2 })).toBe(375)
    expect(volumeStep(UNITS, { contractSize: 50, rateQuote: 951.2 })).toBe(0.5)
  })

  it('use the default contract size when the asset has none', () => {
    expect(volumeStep(UNITS, { contractSize: 0, rateQuote: 1.1 })).toBe(1_000)
    expect(volumeStep(UNITS, { contractSize: Number.NaN, rateQuote: 1.1 })).toBe(1_000)
  })

  it('go up by one step', () => {
    expect(stepUp(0.01, LOTS, FOREX)).toBe(0.02)
    expect(stepUp(1_000, UNITS, FOREX)).toBe(2_000)
    expect(stepUp(11, CURRENCY, FOREX)).toBe(21)
  })

  it('go down by one step', () => {
    expect(stepDown(0.05, LOTS, FOREX)).toBe(0.04)
    expect(stepDown(5_000, UNITS, FOREX)).toBe(4_000)
    expect(stepDown(55, CURRENCY, FOREX)).toBe(45)
  })

  it('never go below the step: the minimum after decrement equals the step', () => {
    expect(stepDown(0.01, LOTS, FOREX)).toBe(0.01)
    expect(stepDown(0.015, LOTS, FOREX)).toBe(0.01)
    expect(stepDown(1_000, UNITS, FOREX)).toBe(1_000)
    expect(stepDown(10, CURRENCY, FOREX)).toBe(10)
    expect(stepDown(4, CURRENCY, FOREX)).toBe(10)
    expect(stepDown(0.01, UNITS, BITCOIN)).toBe(0.01)
  })

  it('treat an empty field as 0: + gives one step, - gives the minimum', () => {
    for (const unit of ALL_UNITS) {
      expect(stepUp(Number.NaN, unit, FOREX)).toBe(volumeStep(unit, FOREX))
      expect(stepDown(Number.NaN, unit, FOREX)).toBe(volumeStep(unit, FOREX))
    }
  })

  it('stop at the 50-lot maximum', () => {
    expect(stepUp(50, LOTS, FOREX)).toBe(50)
    expect(stepUp(49.995, LOTS, FOREX)).toBe(50)
    expect(stepUp(5_000_000, UNITS, FOREX)).toBe(5_000_000)
    expect(stepUp(5_499_995, CURRENCY, FOREX)).toBe(5_500_000)
  })

  it('do not cap currency while the rate is unknown', () => {
    expect(stepUp(10, CURRENCY, { contractSize: 100_000, rateQuote: 0 })).toBe(20)
  })

  it('show no floating-point noise after many presses', () => {
    let lots = 0.01
    for (let press = 0; press < 30; press += 1) lots = stepUp(lots, LOTS, FOREX)
    expect(lots).toBe(0.31)
    for (let press = 0; press < 7; press += 1) lots = stepDown(lots, LOTS, FOREX)
    expect(lots).toBe(0.24)

    let units = 0.01
    for (let press = 0; press < 20; press += 1) units = stepUp(units, UNITS, BITCOIN)
    expect(units).toBe(0.21)

    expect(stepUp(0.1, LOTS, FOREX)).toBe(0.11)
    expect(stepUp(0.2, UNITS, BITCOIN)).toBe(0.21)
  })

  it('keep every stepped lot value on the 0.01 grid with at most two decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5_000 }), fc.boolean(), (hundredths, up) => {
        const lots = hundredths / 100
        const next = up ? stepUp(lots, LOTS, FOREX) : stepDown(lots, LOTS, FOREX)
        return /^\d+(\.\d{1,2})?$/.test(String(next))
      }),
    )
  })
})

describe('converting between units (docs/product/orders-and-alerts.md#order-ticket: values convert between them)', () => {
  it('gives units as lots x contract size', () => {
    expect(fromLots(0.01, UNITS, FOREX)).toBe(1_000)
    expect(fromLots(0.07, UNITS, FOREX)).toBe(7_000)
    expect(fromLots(50, UNITS, FOREX)).toBe(5_000_000)
    expect(fromLots(0.5, UNITS, BITCOIN)).toBe(0.5)
  })

  it('gives currency as units x rate, the notional in USD, to the cent', () => {
    expect(fromLots(0.01, CURRENCY, FOREX)).toBe(1_100)
    expect(fromLots(0.07, CURRENCY, FOREX)).toBe(7_700)
    expect(fromLots(0.01, CURRENCY, BITCOIN)).toBe(600)
    expect(fromLots(0.03, CURRENCY, { contractSize: 100_000, rateQuote: 1.08421 })).toBe(3_252.63)
  })

  it('gives 0 currency while the rate is unknown', () => {
    expect(fromLots(1, CURRENCY, { contractSize: 100_000, rateQuote: 0 })).toBe(0)
  })

  it('turns units and currency back into lots', () => {
    expect(toLots(1_000, UNITS, FOREX)).toBe(0.01)
    expect(toLots(250_000, UNITS, FOREX)).toBe(2.5)
    expect(toLots(1_100, CURRENCY, FOREX)).toBe(0.01)
    expect(toLots(6_000, CURRENCY, BITCOIN)).toBe(0.1)
  })

  it('rounds lots to the nearest 0.01, half up', () => {
    expect(toLots(0.014, LOTS, FOREX)).toBe(0.01)
    expect(toLots(0.015, LOTS, FOREX)).toBe(0.02)
    // 0.145 / 0.01 is 14.499999999999998 in binary floating point: still half, so up.
    expect(toLots(0.145, LOTS, FOREX)).toBe(0.15)
    expect(toLots(14_500, UNITS, FOREX)).toBe(0.15)
    expect(toLots(1.005, LOTS, FOREX)).toBe(1.01)
    expect(toLots(1_500, UNITS, FOREX)).toBe(0.02)
    expect(toLots(1_499, UNITS, FOREX)).toBe(0.01)
    expect(toLots(0.1 + 0.2, LOTS, FOREX)).toBe(0.3)
  })

  it('never gives less than the 0.01-lot minimum for a positive amount', () => {
    expect(toLots(0.001, LOTS, FOREX)).toBe(0.01)
    expect(toLots(1, UNITS, FOREX)).toBe(0.01)
    expect(toLots(10, CURRENCY, FOREX)).toBe(0.01)
  })

  it('gives 0 for zero, negative or unreadable input and for currency without a rate', () => {
    expect(toLots(0, LOTS, FOREX)).toBe(0)
    expect(toLots(-5, UNITS, FOREX)).toBe(0)
    expect(toLots(Number.NaN, CURRENCY, FOREX)).toBe(0)
    expect(toLots(100, CURRENCY, { contractSize: 100_000, rateQuote: 0 })).toBe(0)
  })

  it('does not cap at the maximum (the check reports it)', () => {
    expect(toLots(60, LOTS, FOREX)).toBe(60)
  })

  it('switches the unit to the size that would be ordered', () => {
    expect(convertVolume(0.01, LOTS, UNITS, FOREX)).toBe(1_000)
    expect(convertVolume(0.01, LOTS, CURRENCY, FOREX)).toBe(1_100)
    expect(convertVolume(2_000, UNITS, LOTS, FOREX)).toBe(0.02)
    expect(convertVolume(1_500, UNITS, LOTS, FOREX)).toBe(0.02)
    expect(convertVolume(1_500, UNITS, CURRENCY, FOREX)).toBe(2_200)
    expect(convertVolume(2_200, CURRENCY, UNITS, FOREX)).toBe(2_000)
  })

  it('leaves the value alone when the unit does not change', () => {
    for (const unit of ALL_UNITS) expect(convertVolume(1_234.5, unit, unit, FOREX)).toBe(1_234.5)
  })

  it('round-trips any size on the lot grid through every unit without drift', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5_000 }),
        fc.constantFrom(FOREX, BITCOIN, GOLD),
        fc.constantFrom(...ALL_UNITS),
        (hundredths, ctx, unit) => {
          const lots = hundredths / 100
          return toLots(fromLots(lots, unit, ctx), unit, ctx) === lots
        },
      ),
    )
  })

  it('shows lots and currency with two decimals and units with those of their step', () => {
    expect(volumeDecimals(LOTS, FOREX)).toBe(2)
    expect(volumeDecimals(CURRENCY, FOREX)).toBe(2)
    expect(volumeDecimals(UNITS, FOREX)).toBe(0)
    expect(volumeDecimals(UNITS, BITCOIN)).toBe(2)
    expect(volumeDecimals(UNITS, { contractSize: 50, rateQuote: 951.2 })).toBe(1)
  })
})

describe('lot limits (docs/product/orders-and-alerts.md#volume-and-limits: 0.01 to 50 lots)', () => {
  it('accepts the minimum, the maximum and sizes between, on the grid', () => {
    expect(checkVolumeLots(0.01)).toEqual({ ok: true, volumeLots: 0.01 })
    expect(checkVolumeLots(50)).toEqual({ ok: true, volumeLots: 50 })
    expect(checkVolumeLots(0.1 + 0.2)).toEqual({ ok: true, volumeLots: 0.3 })
    expect(checkVolumeLots(0.285)).toEqual({ ok: true, volumeLots: 0.29 })
  })

  it('refuses more than 50 lots (5,000,000 units at 100,000) and offers 50', () => {
    expect(checkVolumeLots(toLots(5_000_000, UNITS, FOREX)).ok).toBe(true)
    expect(checkVolumeLots(50.01)).toEqual({
      ok: false,
      volumeLots: 50,
      problem: VOLUME_PROBLEMS.ABOVE_MAXIMUM,
      message: 'The maximum volume is 50 lots',
    })
  })

  it('refuses a positive size below 0.01 lot and offers 0.01', () => {
    expect(checkVolumeLots(0.004)).toEqual({
      ok: false,
      volumeLots: 0.01,
      problem: VOLUME_PROBLEMS.BELOW_MINIMUM,
      message: 'The minimum volume is 0.01 lot',
    })
  })

  it('refuses zero, negative and unreadable sizes as not positive', () => {
    for (const lots of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(checkVolumeLots(lots)).toEqual({
        ok: false,
        volumeLots: 0.01,
        problem: VOLUME_PROBLEMS.NOT_POSITIVE,
        message: VOLUME_MESSAGES[VOLUME_PROBLEMS.NOT_POSITIVE],
      })
    }
    expect(VOLUME_MESSAGES[VOLUME_PROBLEMS.NOT_POSITIVE]).toBe('Volume must be a positive number')
  })
})

describe('volume text (docs/product/orders-and-alerts.md#volume-and-limits: only digits with an optional decimal point)', () => {
  it('accepts digits and one decimal point, including the halves typed on the way', () => {
    for (const text of ['', '0', '12', '0.01', '5.', '.5', '.', '1000']) {
      expect(sanitizeVolumeInput(text, 'previous')).toBe(text)
    }
  })

  it('refuses a change with anything else and keeps the previous text', () => {
    for (const text of ['1.2.3', '1,5', '-1', '1e3', 'abc', '+2', '0x10', '1 000', '١٢']) {
      expect(sanitizeVolumeInput(text, '0.01')).toBe('0.01')
    }
  })

  it('trims surrounding spaces of a pasted value', () => {
    expect(sanitizeVolumeInput(' 0.25 ', '0.01')).toBe('0.25')
  })

  it('reads the number in accepted text, NaN while there is none', () => {
    expect(parseVolumeText('0.25')).toBe(0.25)
    expect(parseVolumeText('5.')).toBe(5)
    expect(parseVolumeText('.5')).toBe(0.5)
    expect(parseVolumeText('')).toBeNaN()
    expect(parseVolumeText('.')).toBeNaN()
  })
})
