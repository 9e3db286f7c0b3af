// Decision 0021: last known figures carry 'as of HH:MM' while the browser is offline or while they are a stored copy;
// fresh data in an online page carries none.
import { describe, expect, it } from 'vitest'
import {
  formatAsOf,
  isStoredCopy,
  lastKnownAt,
  OFFLINE_ORDER_REASON,
  pricesKnownAt,
} from '../../../src/domain/offline/last-known'

const at = (iso: string) => Date.parse(iso)
const PAGE = at('2026-07-15T14:00:00Z')

describe('formatAsOf', () => {
  it('says the time, 24-hour, for today', () => {
    expect(formatAsOf(at('2026-07-15T09:05:00Z'), at('2026-07-15T18:00:00Z'), 'UTC')).toBe('as of 09:05')
    expect(formatAsOf(at('2026-07-15T21:47:59Z'), at('2026-07-15T22:00:00Z'), 'UTC')).toBe('as of 21:47')
  })

  it('adds the day when it was not today', () => {
    expect(formatAsOf(at('2026-07-14T23:59:00Z'), at('2026-07-15T00:01:00Z'), 'UTC')).toBe(
      'as of 14 Jul 23:59',
    )
  })

  it("uses the reader's time zone for both the time and the day", () => {
    expect(formatAsOf(at('2026-07-15T23:30:00Z'), at('2026-07-16T00:10:00Z'), 'Europe/Berlin')).toBe(
      'as of 01:30',
    )
  })

  it('says so when the time is not known', () => {
    expect(formatAsOf(null, PAGE)).toBe('as of your last visit')
  })
})

describe('which figures are marked', () => {
  it('a copy fetched before the page started is a stored copy; one fetched since is not', () => {
    expect(isStoredCopy(PAGE - 60_000, PAGE)).toBe(true)
    expect(isStoredCopy(PAGE + 1, PAGE)).toBe(false)
    expect(isStoredCopy(0, PAGE)).toBe(false)
  })

  it('marks data while offline or while it is a stored copy, with the time it was fetched', () => {
    const base = { pageStartedAtMs: PAGE }
    expect(lastKnownAt({ ...base, offline: false, dataUpdatedAtMs: PAGE + 5_000 })).toBeUndefined()
    expect(lastKnownAt({ ...base, offline: true, dataUpdatedAtMs: PAGE + 5_000 })).toBe(PAGE + 5_000)
    expect(lastKnownAt({ ...base, offline: false, dataUpdatedAtMs: PAGE - 5_000 })).toBe(PAGE - 5_000)
    expect(lastKnownAt({ ...base, offline: true, dataUpdatedAtMs: 0 })).toBeNull()
  })

  it('prices: live once this page saw a tick and is online; else as of the last tick, else the list', () => {
    const base = { pageStartedAtMs: PAGE, assetsUpdatedAtMs: PAGE - 90_000 }
    expect(pricesKnownAt({ ...base, offline: false, lastTickAtMs: PAGE + 1_000 })).toBeUndefined()
    expect(pricesKnownAt({ ...base, offline: true, lastTickAtMs: PAGE + 1_000 })).toBe(PAGE + 1_000)
    expect(pricesKnownAt({ ...base, offline: false, lastTickAtMs: 0 })).toBe(PAGE - 90_000)
    expect(
      pricesKnownAt({ ...base, offline: false, lastTickAtMs: 0, assetsUpdatedAtMs: PAGE + 10 }),
    ).toBeUndefined()
  })

  it("gives the orders' reason in the issue's words", () => {
    expect(OFFLINE_ORDER_REASON).toBe('Offline — orders need a connection')
  })
})
