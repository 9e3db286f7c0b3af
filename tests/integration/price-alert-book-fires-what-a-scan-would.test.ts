// The alert book of decision 0037 is ordered per asset and side so that a tick compares only the nearest alert of
// each side. Whatever alerts are added and removed and whatever ticks arrive, it must fire exactly what a plain scan
// of every alert would: each alert once, at the first tick whose bid reaches it, never one removed or expired.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { AlertBook, alertReached, type WatchedAlert } from '../../server/trading/price-alerts'

const SPREAD = 0.0002
const bidAt = (rate: number) => rate * (1 - SPREAD)

const alertArbitrary = fc.record({
  feedId: fc.constantFrom('EURUSD', 'BTCUSD'),
  condition: fc.constantFrom('above' as const, 'below' as const),
  // Few distinct prices, so equal prices (and their order) are exercised.
  priceQuote: fc.integer({ min: 90, max: 110 }).map((cents) => cents / 100),
  expiresAtMs: fc.option(fc.integer({ min: 0, max: 20 }), { nil: null }),
})

type Step =
  | {
      kind: 'add'
      alert: Omit<
        WatchedAlert,
        'alertId' | 'userId' | 'symbol' | 'symbolDisplay' | 'buySpread' | 'sellSpread'
      >
    }
  | { kind: 'remove'; index: number }
  | { kind: 'tick'; feedId: string; rate: number }

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  alertArbitrary.map((alert) => ({ kind: 'add' as const, alert })),
  fc.nat(40).map((index) => ({ kind: 'remove' as const, index })),
  fc.record({
    kind: fc.constant('tick' as const),
    feedId: fc.constantFrom('EURUSD', 'BTCUSD'),
    rate: fc.integer({ min: 85, max: 115 }).map((cents) => cents / 100),
  }),
)

describe('the ordered alert book', () => {
  it('fires exactly what a scan of every alert would, each once, at the first tick that reaches it', () => {
    fc.assert(
      fc.property(fc.array(stepArbitrary, { maxLength: 120 }), (steps) => {
        const book = new AlertBook()
        const scan = new Map<number, WatchedAlert>()
        const added: number[] = []
        let nextId = 1
        steps.forEach((step, time) => {
          if (step.kind === 'add') {
            const alert: WatchedAlert = {
              ...step.alert,
              alertId: nextId,
              userId: 1,
              symbol: step.alert.feedId,
              symbolDisplay: step.alert.feedId,
              buySpread: SPREAD,
              sellSpread: SPREAD,
            }
            nextId += 1
            book.add(alert)
            scan.set(alert.alertId, alert)
            added.push(alert.alertId)
          } else if (step.kind === 'remove') {
            const alertId = added[step.index % Math.max(1, added.length)]
            if (alertId === undefined) return
            book.remove(alertId)
            scan.delete(alertId)
          } else {
            const fired = book.take([{ id: step.feedId, price: step.rate }], time)
            const expected: number[] = []
            for (const alert of scan.values()) {
              if (alert.feedId !== step.feedId) continue
              if (!alertReached(alert.condition, alert.priceQuote, bidAt(step.rate))) continue
              // Reached past its expiry: it leaves without firing (the expiry job marks it).
              scan.delete(alert.alertId)
              if (alert.expiresAtMs !== null && alert.expiresAtMs <= time) continue
              expected.push(alert.alertId)
            }
            expect(fired.map(({ alert }) => alert.alertId).sort((a, b) => a - b)).toEqual(
              expected.sort((a, b) => a - b),
            )
            for (const { bidQuote } of fired) expect(bidQuote).toBeCloseTo(bidAt(step.rate), 12)
          }
        })
      }),
      { numRuns: 300 },
    )
  })
})
