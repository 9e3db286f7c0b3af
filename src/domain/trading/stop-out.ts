// Margin close-out, the first of the two rules that keep a retail CFD account from losing more than it holds
// (ESMA's retail measures; the spec is silent, decision 0015). Pure: the server's trade engine feeds it the
// account's figures at its own prices and closes what it returns. The second rule, negative balance protection,
// is booked where the balance moves (server/repositories/trades.ts).

/**
 * A position is closed when equity falls to this share of the margin in use (margin level,
 * docs/product/trading-workspace.md#account-figures).
 */
export const STOP_OUT_MARGIN_LEVEL_PERCENT = 50

/**
 * Below this margin level the account is in margin call: nothing is closed yet, but the customer is warned (the
 * bottom bar's Margin Level turns to the warning colour, with a warning sign, and says so to screen readers).
 */
export const MARGIN_CALL_LEVEL_PERCENT = 100

/**
 * The margin level (docs/product/trading-workspace.md#account-figures) as a number: equity / margin x 100; Infinity when
 * no margin is used.
 */
export function marginLevelPercent(equityUsd: number, marginUsd: number): number {
  return marginUsd > 0 ? (equityUsd / marginUsd) * 100 : Number.POSITIVE_INFINITY
}

/** True while margin is in use and the level is below the margin-call level. */
export function inMarginCall(equityUsd: number, marginUsd: number): boolean {
  return marginLevelPercent(equityUsd, marginUsd) < MARGIN_CALL_LEVEL_PERCENT
}

export interface PositionAtRisk {
  tradeId: number
  /** Unrealised, at the price it would close at now. */
  pnlUsd: number
  marginUsd: number
  /** Its market is open and priced: a closed market's last price is stale, so it cannot be closed out there. */
  closable: boolean
}

export interface StopOutPlan {
  /** The account's margin level before anything closes: what the customer is told it fell to. */
  marginLevelPercent: number
  /** The positions to close, in order; empty for a healthy account. */
  close: PositionAtRisk[]
}

/**
 * What a stop-out check finds for one account: its margin level, and the positions to close while the level is at
 * or below the stop-out level: the closable one losing most first (closing it books its loss but frees its margin,
 * so equity stays and the level rises), until the level is above the stop-out level or nothing closable is left.
 */
export function stopOutPlan(balanceUsd: number, positions: readonly PositionAtRisk[]): StopOutPlan {
  const equity = positions.reduce((sum, position) => sum + position.pnlUsd, balanceUsd)
  let margin = positions.reduce((sum, position) => sum + position.marginUsd, 0)
  const levelPercent = marginLevelPercent(equity, margin)
  const candidates = positions
    .filter((position) => position.closable)
    .sort((a, b) => a.pnlUsd - b.pnlUsd || a.tradeId - b.tradeId)
  const close: PositionAtRisk[] = []
  for (const position of candidates) {
    if (marginLevelPercent(equity, margin) > STOP_OUT_MARGIN_LEVEL_PERCENT) break
    close.push(position)
    margin -= position.marginUsd
  }
  return { marginLevelPercent: levelPercent, close }
}
