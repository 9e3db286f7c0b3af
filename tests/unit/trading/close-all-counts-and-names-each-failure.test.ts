import { describe, expect, it } from 'vitest'
import type { CloseAllResult } from '../../../src/domain/contract/orders'
import { closeAllCounts, closeAllOutcome } from '../../../src/domain/trading/close-all'
import { BUY_TRADE } from '../trading-dialogs/fixtures'

const trade = (id: number, assetId: string) => ({
  ...BUY_TRADE,
  id,
  asset_id: assetId,
  status: 'closed' as const,
})

describe('close all', () => {
  it('counts every open position and those of the asset on the chart', () => {
    const open = [{ asset_id: 'eurusd' }, { asset_id: 'btcusd' }, { asset_id: 'eurusd' }]
    expect(closeAllCounts(open, 'eurusd')).toEqual({ all: 3, asset: 2 })
    expect(closeAllCounts(open, 'gbpusd')).toEqual({ all: 3, asset: 0 })
    expect(closeAllCounts(open, null)).toEqual({ all: 3, asset: 0 })
  })

  it('says how many closed', () => {
    const result: CloseAllResult = { closed: [trade(1, 'eurusd'), trade(2, 'eurusd')], failed: [] }
    expect(closeAllOutcome(result, String)).toEqual({ ok: true, title: '2 positions closed', failures: [] })
    expect(closeAllOutcome({ closed: [trade(1, 'eurusd')], failed: [] }, String).title).toBe(
      '1 position closed',
    )
  })

  it('names each position that failed with the server’s reason', () => {
    const result: CloseAllResult = {
      closed: [trade(1, 'eurusd')],
      failed: [
        { id: 2, message: 'The AAPL market is closed.' },
        { id: 3, message: 'This trade is already closed' },
      ],
    }
    const references = new Map([[2, 'T0000002']])
    expect(closeAllOutcome(result, (id) => references.get(id) ?? `#${id}`)).toEqual({
      ok: false,
      title: '1 position closed, 2 not closed',
      failures: ['T0000002: The AAPL market is closed.', '#3: This trade is already closed'],
    })
  })
})
