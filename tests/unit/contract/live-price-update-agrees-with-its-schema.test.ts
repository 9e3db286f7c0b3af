// A live price's type is declared without a schema (src/domain/contract/realtime-names.ts, for the page's entry);
// LivePriceUpdateSchema in ./realtime parses it. tsc holds them to the same fields, and the tick check of the price
// store accepts what the schema accepts on the fields it reads.
import { describe, expect, expectTypeOf, it } from 'vitest'
import type { z } from 'zod'
import { LivePriceUpdateSchema } from '../../../src/domain/contract/realtime'
import { isValidTick, type LivePriceUpdate } from '../../../src/domain/contract/realtime-names'

describe('LivePriceUpdate', () => {
  it('is the type the schema parses to, field for field', () => {
    expectTypeOf<z.infer<typeof LivePriceUpdateSchema>>().toEqualTypeOf<LivePriceUpdate>()
  })

  it('passes the tick check whenever the schema parses it with a finite price', () => {
    const ticks: unknown[] = [
      { id: 'BTCUSD', price: 64_000.5 },
      { id: 'EURUSD', price: 1.08, change24h: -0.01, lastUpdated: 1_700_000_000_000 },
      { id: 'EURUSD', price: '1.08' },
      { id: 42, price: 1 },
      { price: 1 },
      null,
    ]
    for (const tick of ticks) {
      expect(isValidTick(tick)).toBe(LivePriceUpdateSchema.safeParse(tick).success)
    }
  })
})
