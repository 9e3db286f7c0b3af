// The trade engine (decision 0011): opens positions at the server's price, closes them at the server's price, and
// closes them itself when a take-profit or stop-loss is reached, or when an account's margin level falls to the
// stop-out level (decision 0015). What the client sends as opening_price, margin or leverage is kept for the record
// and never used (decision 0009). The database side (locks, the conditional close, the ledger) is
// repositories/trades.ts; this file decides prices and refusals and tells the customer's tabs. Composed of parts, one
// module each: the market order (market-opening.ts), the take-profit and stop-loss book shared by the cluster
// (level-book.ts) and the stop-out (stop-outs.ts); the one close path they all take is here.
import type { FastifyBaseLogger } from 'fastify'
import {
  API_PREFIX,
  CLOSE_REASONS,
  TRADES_PAGE_SIZE,
  type LivePriceUpdate,
  type SiteSettings,
  type Trade,
  type TradesPage,
} from '../../src/domain/contract'
import { roundToCents } from '../../src/domain/trading/account-maths'
import { marginLevelPercent } from '../../src/domain/trading/stop-out'
import type { ClusterBus } from '../cluster/bus'
import type { LeaderLease } from '../cluster/leader'
import type { Prices } from '../realtime'
import type { Publisher } from '../realtime/publisher'
import type { Repositories } from '../repositories'
import type { FillResult } from '../repositories/orders'
import type { AccountForOpening, CloseReason, Position } from '../repositories/trades'
import { createLevelBook } from './level-book'
import { createMarketMarks, type AccountFigures } from './market-marks'
import { createMarketOpening } from './market-opening'
import { createPositionOpener, type Opening } from './position-opener'
import { closingPriceAt } from './pricing'
import { orderHash, refuse, TRADE_MESSAGES, type EngineResult, type FieldErrors } from './results'
import { createStopOuts } from './stop-outs'
import { publishTradeChange } from './trade-events'
import { watchedPosition, type Triggered } from './trigger-book'

export { orderHash, TRADE_MESSAGES, type EngineResult, type FieldErrors }
export { STOP_OUT_CHECK_INTERVAL_MS } from './stop-outs'

/** More open positions than any account holds in practice; the back office shows them all. */
const ACCOUNT_POSITIONS_LIMIT = 1_000

export interface AccountAtMarket {
  open_positions: Trade[]
  pnl: number
  equity: number
  margin: number
  free_margin: number
  margin_level: number | null
}

export interface TradeEngineDependencies {
  repos: Repositories
  prices: Prices
  publisher: Publisher
  now: () => Date
  log: FastifyBaseLogger
  /**
   * Decision 0024: only the leader acts on ticks (levels and stop-outs), so a position closes at its level once
   * whichever instance opened it; the others tell it through the bus what to watch.
   */
  leader: LeaderLease
  bus: ClusterBus
  /**
   * Told of a position closed without its customer (take-profit, stop-loss, stop-out) once the close committed; it
   * only enqueues (decision 0037: the Web Push leaves from the push queue, never from the tick).
   */
  onClosedWithoutCustomer?: (userId: number, trade: Trade, reason: CloseReason) => void
}

export type TradeEngine = Awaited<ReturnType<typeof createTradeEngine>>

export async function createTradeEngine(deps: TradeEngineDependencies) {
  const { repos, prices, publisher, now, log } = deps
  /** Work under way (closes, checks, a reload of the book), waited for when the engine stops. */
  const inFlight = new Set<Promise<void>>()
  const track = (work: Promise<void>) => {
    const tracked = work.finally(() => inFlight.delete(tracked))
    inFlight.add(tracked)
  }
  const book = createLevelBook({ ...deps, track })

  const marks = createMarketMarks(prices)
  const { view } = marks
  const opener = createPositionOpener({ repos, marks, now })
  const publishChange = (userId: number, tradeId: number, balanceChanged: boolean) =>
    publishTradeChange(publisher, { userId, tradeIds: [tradeId], balanceChanged, now: now() })
  /** After an opening committed: its levels watched, the customer's tabs told. */
  const opened = (position: Position) => {
    book.watch(watchedPosition(position))
    publishChange(position.trade.userId, position.trade.id, false)
  }

  /** The one close path: the customer's close button and the take-profit/stop-loss watcher both come here. */
  async function closePosition(
    userId: number,
    tradeId: number,
    reason: CloseReason,
    triggerRateQuote?: number,
  ): Promise<EngineResult> {
    const position = await repos.trades.findOwned(userId, tradeId)
    // Another customer's position answers as a missing one: its existence is nobody else's business.
    if (!position) return refuse(404, TRADE_MESSAGES.TRADE_NOT_FOUND)
    if (position.trade.status !== 'open') return refuse(409, TRADE_MESSAGES.ALREADY_CLOSED)
    const { trade, asset } = position

    const rate = triggerRateQuote ?? marks.closingRate(asset)
    if (typeof rate !== 'number') return rate

    const result = await repos.trades.close({
      userId,
      tradeId,
      closingPriceQuote: closingPriceAt(trade.side, asset, rate),
      reason,
      now: now(),
      asset,
    })
    if (result.kind === 'not_found') return refuse(404, TRADE_MESSAGES.TRADE_NOT_FOUND)
    if (result.kind === 'already_closed') return refuse(409, TRADE_MESSAGES.ALREADY_CLOSED)
    book.unwatch(asset.feedId, tradeId)
    publishChange(userId, tradeId, true)
    const closed = view(result.position)
    if (reason !== CLOSE_REASONS.USER) deps.onClosedWithoutCustomer?.(userId, closed, reason)
    return { ok: true, statusCode: 200, message: TRADE_MESSAGES.CLOSED, trade: closed }
  }

  async function closeTriggered({ position, reason, rateQuote }: Triggered): Promise<void> {
    try {
      const result = await closePosition(position.userId, position.tradeId, reason, rateQuote)
      // Losing the race to the customer's own close is normal: the position is closed once either way.
      if (result.ok) log.info({ tradeId: position.tradeId, userId: position.userId, reason }, 'level reached')
    } catch (error) {
      // Watched again, so the next tick that still reaches the level retries.
      book.rewatch(position)
      log.error(
        {
          err: { message: error instanceof Error ? error.message : String(error) },
          tradeId: position.tradeId,
        },
        'could not close a position at its level',
      )
    }
  }

  const stopOuts = createStopOuts({ ...deps, marks, closePosition, track })

  function onTicks(ticks: readonly LivePriceUpdate[]): void {
    // Every instance sees the same ticks; one acts on them.
    if (!deps.leader.isLeader) return
    for (const triggered of book.take(ticks)) track(closeTriggered(triggered))
    stopOuts.checkSoon()
  }

  await book.load()
  let unsubscribe: (() => void) | undefined = prices.onTicks(onTicks)

  return {
    /** Positions the take-profit/stop-loss watcher holds (for logs and tests). */
    get watchedCount() {
      return book.size
    },

    /** POST /trades/store: the request is already schema-valid; `idempotencyKey` is the validated header. */
    open: createMarketOpening({ repos, prices, marks, opener, opened }),

    /**
     * A pending order's fill (decision 0034): the market order's leverage, margin, account check and events, in the
     * order's own transaction, which ends the order once.
     */
    async fill(orderId: number, opening: Opening, siteSettings?: Promise<SiteSettings>): Promise<FillResult> {
      const result = await opener.openWith(
        opening,
        (position, refusalOf) => repos.orders.fill(orderId, position, refusalOf),
        siteSettings,
      )
      if (result.kind === 'filled') opened(result.position)
      return result
    },

    /** The margin and account check an opening would get now: what a pending order is placed against. */
    opener,

    /** Watches a position's levels again after they changed (none: not any more); `share` tells the others. */
    watch: book.watch,

    /** `listener` hears every position that leaves the book closed, on this instance or another. */
    onClosed: book.onClosed,

    /** POST /trade/{id}/close by its owner. */
    close(userId: number, tradeId: number): Promise<EngineResult> {
      return closePosition(userId, tradeId, CLOSE_REASONS.USER)
    },

    /**
     * Closes at a level the watcher saw reached, through the same path as the customer's close. Exposed so a
     * test can race it against the customer deterministically; the watcher itself calls it from the price ticks.
     */
    closeAtLevel(
      userId: number,
      tradeId: number,
      reason: 'take_profit' | 'stop_loss',
      rateQuote: number,
    ): Promise<EngineResult> {
      return closePosition(userId, tradeId, reason, rateQuote)
    },

    /** GET /open/trades and /closed/trades: one page, open positions marked to the current price. */
    async page(userId: number, status: 'open' | 'closed', page: number): Promise<TradesPage> {
      const { positions, total } = await repos.trades.page(userId, status, page, TRADES_PAGE_SIZE)
      const lastPage = Math.max(1, Math.ceil(total / TRADES_PAGE_SIZE))
      return {
        data: positions.map(view),
        meta: { current_page: page, last_page: lastPage, per_page: TRADES_PAGE_SIZE, total },
        links: { next: page < lastPage ? `${API_PREFIX}/${status}/trades?page=${page + 1}` : null },
      }
    },

    /**
     * The back office's view of one account at the server's prices: every open position marked to market, and
     * equity, margin, free margin and margin level (docs/product/trading-workspace.md#account-figures) from them.
     */
    async accountAtMarket(userId: number, balanceUsd: string): Promise<AccountAtMarket> {
      const { positions } = await repos.trades.page(userId, 'open', 1, ACCOUNT_POSITIONS_LIMIT)
      const { pnl, equity, margin, freeMargin } = marks.figuresOf({ balanceUsd, openPositions: positions })
      return {
        open_positions: positions.map(view),
        pnl: roundToCents(pnl),
        equity: roundToCents(equity),
        margin: roundToCents(margin),
        free_margin: roundToCents(freeMargin),
        margin_level: margin > 0 ? Math.round(marginLevelPercent(equity, margin) * 100) / 100 : null,
      }
    },

    /**
     * Equity, margin in use and free margin of an account read under its row lock, at the server's prices now: what
     * the cashier (decision 0019) checks a withdrawal or a move to savings against.
     */
    figuresOf(account: Pick<AccountForOpening, 'balanceUsd' | 'openPositions'>): AccountFigures {
      return marks.figuresOf(account)
    },

    /** Stops watching the ticks and waits for closes already under way (before the database closes). */
    async stop(): Promise<void> {
      unsubscribe?.()
      unsubscribe = undefined
      book.stop()
      await Promise.allSettled([...inFlight])
    },
  }
}
