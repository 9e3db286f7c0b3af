// Closing every open position at once, or those of the asset on the chart (decision 0034): what the confirmation
// offers and what the answer's toast says. The server closes each position on its own and lists the ones it could
// not close with a message each, so the toast counts the closed and names every failure.
import type { CloseAllResult } from '../contract/orders'
import type { Trade } from '../contract/trades'

export type CloseAllScope = 'all' | 'asset'

const positionsText = (count: number) => `${count} ${count === 1 ? 'position' : 'positions'}`

/** How many open positions each choice would close: all of them, and those of the asset (by its feed id). */
export function closeAllCounts(openTrades: readonly Pick<Trade, 'asset_id'>[], assetId: string | null) {
  return {
    all: openTrades.length,
    asset: assetId === null ? 0 : openTrades.filter((trade) => trade.asset_id === assetId).length,
  }
}

export interface CloseAllOutcome {
  /** Nothing failed. */
  ok: boolean
  /** '2 positions closed', or '1 position closed, 1 not closed'. */
  title: string
  /** One line per position the server could not close: its reference and the server's reason. */
  failures: string[]
}

/**
 * The toast of a close-all answer. `referenceOf` names a failed position for people (its 'T0000012' reference
 * when the list still has it); the server's answer carries only the id.
 */
export function closeAllOutcome(
  result: CloseAllResult,
  referenceOf: (id: number) => string,
): CloseAllOutcome {
  const closed = `${positionsText(result.closed.length)} closed`
  const failed = result.failed.length
  return {
    ok: failed === 0,
    title: failed === 0 ? closed : `${closed}, ${failed} not closed`,
    failures: result.failed.map((failure) => `${referenceOf(failure.id)}: ${failure.message}`),
  }
}
