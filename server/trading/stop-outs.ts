// The stop-out (decision 0015): when an account's margin level falls to the stop-out level, its positions are closed,
// the one losing most first, through the engine's one close path, and the customer is told why. The accounts with
// open positions are marked to the market at most once a STOP_OUT_CHECK_INTERVAL_MS, on the leader's ticks.
import type { FastifyBaseLogger } from 'fastify'
import { CLOSE_REASONS } from '../../src/domain/contract'
import { STOP_OUT_MARGIN_LEVEL_PERCENT, stopOutPlan } from '../../src/domain/trading/stop-out'
import type { Prices } from '../realtime'
import type { Publisher } from '../realtime/publisher'
import { publishNotification } from '../realtime/user-events'
import type { Repositories } from '../repositories'
import { tradeReference, type CloseReason, type OpenAccount, type Position } from '../repositories/trades'
import type { MarketMarks } from './market-marks'
import { closingPriceAt, formatPrice } from './pricing'
import type { EngineResult } from './results'

/**
 * How often the accounts with open positions are marked to the market for the stop-out: one query a second, not one
 * per tick batch. A crash faster than that is what negative balance protection is for.
 */
export const STOP_OUT_CHECK_INTERVAL_MS = 1_000

export interface StopOutDependencies {
  repos: Repositories
  prices: Prices
  marks: MarketMarks
  publisher: Publisher
  now: () => Date
  log: FastifyBaseLogger
  /** The engine's one close path. */
  closePosition: (
    userId: number,
    tradeId: number,
    reason: CloseReason,
    triggerRateQuote?: number,
  ) => Promise<EngineResult>
  /** Work the engine waits for when it stops: here, a check under way. */
  track: (work: Promise<void>) => void
}

export function createStopOuts(deps: StopOutDependencies) {
  const { repos, prices, marks, publisher, now, log, closePosition } = deps
  const { rateOf, pnlAtMarket } = marks

  /**
   * Tells the customer why a position closed without them: stored, then pushed (plays the sound,
   * docs/product/orders-and-alerts.md#notifications).
   */
  async function notifyStopOut(
    position: Position,
    closingQuote: number,
    levelPercent: number,
  ): Promise<void> {
    const stored = await repos.notifications.create(
      {
        userId: position.trade.userId,
        title: 'Stop out',
        message:
          `Your ${position.asset.symbol} position ${tradeReference(position.trade.id)} was closed at ` +
          `${formatPrice(closingQuote)}: your margin level fell to ${levelPercent.toFixed(2)}% ` +
          `(positions are closed at ${STOP_OUT_MARGIN_LEVEL_PERCENT}%).`,
        color: 'danger',
      },
      now(),
    )
    if (stored) publishNotification(publisher, stored)
  }

  /** Closes what the stop-out plan names for one account, the position losing most first. */
  async function stopOut(account: OpenAccount): Promise<void> {
    const byTradeId = new Map(account.openPositions.map((position) => [position.trade.id, position]))
    const figures = account.openPositions.map((position) => ({
      tradeId: position.trade.id,
      pnlUsd: pnlAtMarket(position),
      marginUsd: Number(position.trade.marginUsd),
      closable: prices.isOpen(position.asset.feedId) === true && rateOf(position.asset.feedId) !== undefined,
    }))
    const plan = stopOutPlan(Number(account.balanceUsd), figures)
    const levelPercent = plan.marginLevelPercent
    for (const victim of plan.close) {
      const position = byTradeId.get(victim.tradeId)
      const rate = position && rateOf(position.asset.feedId)
      if (!position || rate === undefined) continue
      const result = await closePosition(account.userId, victim.tradeId, CLOSE_REASONS.STOP_OUT, rate)
      // Losing the race to the customer's own close (or a level) is normal: the position is closed either way.
      if (!result.ok) continue
      log.warn(
        { tradeId: victim.tradeId, userId: account.userId, marginLevelPercent: levelPercent },
        'stop out',
      )
      await notifyStopOut(position, closingPriceAt(position.trade.side, position.asset, rate), levelPercent)
    }
  }

  async function checkStopOuts(): Promise<void> {
    for (const account of await repos.trades.openAccounts()) {
      // One account's failure (logged) does not spare the others; the next check tries it again.
      await stopOut(account).catch((error: unknown) =>
        log.error(
          {
            err: { message: error instanceof Error ? error.message : String(error) },
            userId: account.userId,
          },
          'could not stop out an account',
        ),
      )
    }
  }

  let checkRunning = false
  let lastCheckMs = Number.NEGATIVE_INFINITY

  return {
    /** On the leader's ticks: a check, unless one is under way or the last began within the interval. */
    checkSoon(): void {
      const nowMs = now().getTime()
      if (checkRunning || nowMs - lastCheckMs < STOP_OUT_CHECK_INTERVAL_MS) return
      lastCheckMs = nowMs
      checkRunning = true
      deps.track(
        checkStopOuts()
          .catch((error: unknown) =>
            log.error(
              { err: { message: error instanceof Error ? error.message : String(error) } },
              'the stop-out check failed',
            ),
          )
          .finally(() => {
            checkRunning = false
          }),
      )
    },
  }
}
