import { describe, expect, it } from 'vitest'
import {
  checkCloseVolume,
  closeVolumeUnits,
  PARTIAL_CLOSE_MESSAGES,
  stepCloseVolume,
  unitsPerLot,
} from '../../../src/domain/trading/partial-close'

describe('the volume to close of a position', () => {
  it('closes the whole position at its own size, and a part when less stays open', () => {
    expect(checkCloseVolume('0.10', 0.1)).toEqual({ ok: true, lots: 0.1, whole: true })
    expect(checkCloseVolume('0.1', 0.1)).toEqual({ ok: true, lots: 0.1, whole: true })
    expect(checkCloseVolume('0.07', 0.1)).toEqual({ ok: true, lots: 0.07, whole: false })
    expect(checkCloseVolume('0.01', 0.02)).toEqual({ ok: true, lots: 0.01, whole: false })
    expect(checkCloseVolume(' 0.09 ', 0.1)).toEqual({ ok: true, lots: 0.09, whole: false })
  })

  it('refuses empty, unreadable, zero and negative text', () => {
    for (const text of ['', ' ', 'abc', '0', '0.00', '-0.01', '1e-2', '0x1']) {
      expect(checkCloseVolume(text, 0.1), text).toEqual({
        ok: false,
        lots: null,
        message: PARTIAL_CLOSE_MESSAGES.NOT_A_NUMBER,
      })
    }
  })

  it('refuses less than the 0.01-lot minimum and sizes off the 0.01-lot grid', () => {
    expect(checkCloseVolume('0.005', 0.1)).toMatchObject({
      ok: false,
      message: PARTIAL_CLOSE_MESSAGES.BELOW_MINIMUM,
    })
    expect(checkCloseVolume('0.015', 0.1)).toMatchObject({
      ok: false,
      message: PARTIAL_CLOSE_MESSAGES.OFF_GRID,
    })
    expect(checkCloseVolume('0.071', 0.1)).toMatchObject({
      ok: false,
      message: PARTIAL_CLOSE_MESSAGES.OFF_GRID,
    })
  })

  it('refuses more than the position holds, naming its size', () => {
    expect(checkCloseVolume('0.11', 0.1)).toEqual({
      ok: false,
      lots: null,
      message: 'The position holds 0.10 lots; close at most that.',
    })
    expect(checkCloseVolume('2', 1)).toMatchObject({
      message: 'The position holds 1.00 lot; close at most that.',
    })
  })

  it('refuses a part that would leave less than 0.01 lot open, unless everything closes', () => {
    // Only a position off the grid (stored before the grid rule) can leave less than 0.01 lot behind.
    expect(checkCloseVolume('0.01', 0.015)).toEqual({
      ok: false,
      lots: null,
      message: PARTIAL_CLOSE_MESSAGES.remainderTooSmall(0.015),
    })
    expect(PARTIAL_CLOSE_MESSAGES.remainderTooSmall(0.015)).toMatch(/at least 0\.01 lot/)
    expect(checkCloseVolume('0.05', 0.055)).toMatchObject({ ok: false })
    expect(checkCloseVolume('0.04', 0.055)).toEqual({ ok: true, lots: 0.04, whole: false })
  })

  it('has no binary noise at sizes whose hundredths are not exact floats', () => {
    expect(checkCloseVolume('0.07', 0.14)).toEqual({ ok: true, lots: 0.07, whole: false })
    expect(checkCloseVolume('0.29', 0.29)).toEqual({ ok: true, lots: 0.29, whole: true })
    expect(checkCloseVolume('0.57', 0.58)).toEqual({ ok: true, lots: 0.57, whole: false })
  })
})

describe('lots of a position in units', () => {
  const eurusd = { contract_size: 100_000, volume: 10_000, qty: 0.1 }
  const btc = { contract_size: 1, volume: 0.02, qty: 0.02 }

  it('multiplies by the contract size, on the units grid', () => {
    expect(closeVolumeUnits(0.07, eurusd)).toBe(7_000)
    expect(closeVolumeUnits(0.01, btc)).toBe(0.01)
    expect(closeVolumeUnits(0.29, btc)).toBe(0.29)
  })

  it('falls back to what the position holds per lot without a contract size', () => {
    expect(unitsPerLot({ contract_size: 0, volume: 5_000, qty: 0.05 })).toBe(100_000)
    expect(closeVolumeUnits(0.02, { contract_size: 0, volume: 5_000, qty: 0.05 })).toBe(2_000)
  })
})

describe('the volume field’s steps', () => {
  it('moves by 0.01 lot between 0.01 and the position’s size, from the size when the text is not a number', () => {
    expect(stepCloseVolume('0.05', 0.1, 1)).toBe('0.06')
    expect(stepCloseVolume('0.05', 0.1, -1)).toBe('0.04')
    expect(stepCloseVolume('0.10', 0.1, 1)).toBe('0.10')
    expect(stepCloseVolume('0.01', 0.1, -1)).toBe('0.01')
    expect(stepCloseVolume('', 0.1, -1)).toBe('0.09')
    expect(stepCloseVolume('0.07', 0.1, 1)).toBe('0.08')
  })
})
