// The trade engine (decision 0011): opens positions at the server's price, closes them at the server's price, and
// closes them itself when a take-profit or stop-loss is reached, or when an account's margin level falls to the
// stop-out level (decision 0015). What the client sends as opening_price, margin or leverage is kept for the record
// and never used (decision 0009). The database side (locks, the conditional close, the ledger) is
// repositories/trades.ts; this file decides prices and refusals and tells the customer's tabs.
import type { FastifyBaseLogger } from 'fastify'
import { z } from 'zod'
import {
  API_PREFIX,
  CLOSE_REASONS,
  TRADES_PAGE_SIZE,
  type LivePriceUpdate,
  type SiteSettings,
  type StoreTradeRequest,
  type Trade,
  type TradesPage,
} from '../../src/domain/contract'
import { closingPriceQuote, openingPriceQuote, roundToCents } from '../../src/domain/trading/account-maths'
import {
  marginLevelPercent,
  STOP_OUT_MARGIN_LEVEL_PERCENT,
  stopOutPlan,
} from '../../src/domain/trading/stop-out'
import type { ClusterBus } from '../cluster/bus'
import type { LeaderLease } from '../cluster/leader'
import type { Prices } from '../realtime'
import type { Publisher } from '../realtime/publisher'
import { publishNotification } from '../realtime/user-events'
import type { Repositories } from '../repositories'
import type { FillResult } from '../repositories/orders'
import {
  positionAssetOf,
  tradeReference,
  type AccountForOpening,
  type CloseReason,
  type OpenAccount,
  type Position,
} from '../repositories/trades'
import type { UserRow } from '../repositories/users'
import { createMarketMarks, type AccountFigures } from './market-marks'
import { createPositionOpener, type Opening } from './position-opener'
import { closingPriceAt, formatPrice, quoteAt } from './pricing'
import {
  fieldsRefused,
  levelOutOfRange,
  lotsProblem,
  marketClosedMessage,
  noPriceMessage,
  orderHash,
  refuse,
  TRADE_MESSAGES,
  type EngineResult,
  type FieldErrors,
} from './results'
import { publishTradeChange } from './trade-events'
import {
  TriggerBook,
  watchedPosition,
  WatchedPositionSchema,
  type Triggered,
  type WatchedPosition,
} from './trigger-book'

export { orderHash, TRADE_MESSAGES, type EngineResult, type FieldErrors }

/**
 * How often the accounts with open positions are marked to the market for the stop-out: one query a second, not one
 * per tick batch. A crash faster than that is what negative balance protection is for.
 */
export const STOP_OUT_CHECK_INTERVAL_MS = 1_000

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

/**
 * A take-profit must be beyond the opening price. A stop-loss must be beyond the price the position would close at
 * now: one between the buy and sell prices would close the position at the next tick, losing the spread.
 */
function levelProblems(
  side: StoreTradeRequest['type'],
  levels: { take_profit: number; stop_loss: number },
  openingQuote: number,
  closingQuote: number,
): FieldErrors {
  const errors: FieldErrors = {}
  const opening = formatPrice(openingQuote)
  const closing = formatPrice(closingQuote)
  const takeProfit = levels.take_profit
  const stopLoss = levels.stop_loss
  if (levelOutOfRange(takeProfit)) errors.take_profit = ['Take profit is not a possible price.']
  else if (takeProfit > 0 && side === 'buy' && takeProfit <= openingQuote)
    errors.take_profit = [`Take profit must be above the opening price (${opening}) for a buy.`]
  else if (takeProfit > 0 && side === 'sell' && takeProfit >= openingQuote)
    errors.take_profit = [`Take profit must be below the opening price (${opening}) for a sell.`]
  if (levelOutOfRange(stopLoss)) errors.stop_loss = ['Stop loss is not a possible price.']
  else if (stopLoss > 0 && side === 'buy' && stopLoss >= closingQuote)
    errors.stop_loss = [`Stop loss must be below the current sell price (${closing}) for a buy.`]
  else if (stopLoss > 0 && side === 'sell' && stopLoss <= closingQuote)
    errors.stop_loss = [`Stop loss must be above the current buy price (${closing}) for a sell.`]
  return errors
}

const BOOK_TOPICS = { WATCH: 'trading:watch', UNWATCH: 'trading:unwatch' } as const
const UnwatchSchema = z.object({ feedId: z.string(), tradeId: z.number().int() })

export async function createTradeEngine(deps: TradeEngineDependencies) {
  const { repos, prices, publisher, now, log, leader, bus } = deps
  const book = new TriggerBook()
  const closedListeners = new Set<(feedId: string, tradeId: number) => void>()
  const forget = (feedId: string, tradeId: number) => {
    book.remove(feedId, tradeId)
    for (const listener of closedListeners) listener(feedId, tradeId)
  }
  /** Every instance keeps the whole book, so whichever leads next can act at once. */
  const watch = (position: WatchedPosition, share = true) => {
    book.add(position)
    if (share) bus.publish(BOOK_TOPICS.WATCH, position)
  }
  const unwatch = (feedId: string, tradeId: number) => {
    forget(feedId, tradeId)
    bus.publish(BOOK_TOPICS.UNWATCH, { feedId, tradeId })
  }
  const stopListening = [
    bus.subscribe(BOOK_TOPICS.WATCH, (payload) => {
      const position = WatchedPositionSchema.safeParse(payload)
      if (position.success) book.add(position.data)
    }),
    bus.subscribe(BOOK_TOPICS.UNWATCH, (payload) => {
      const unwatched = UnwatchSchema.safeParse(payload)
      if (unwatched.success) forget(unwatched.data.feedId, unwatched.data.tradeId)
    }),
  ]
  const loadBook = async () => {
    for (const position of await repos.trades.openWithLevels()) book.add(watchedPosition(position))
  }
  // A new leader reads the book again: a position opened while no instance led (or whose message was lost) is
  // watched from now on. Adding is idempotent; a stale entry only costs a refused close.
  leader.onChange((leading) => {
    if (!leading) return
    const reload = loadBook()
      .catch((error: unknown) =>
        log.error(
          { err: { message: error instanceof Error ? error.message : String(error) } },
          'could not reload the take-profit and stop-loss book',
        ),
      )
      .finally(() => inFlight.delete(reload))
    inFlight.add(reload)
  })
  const inFlight = new Set<Promise<void>>()

  const marks = createMarketMarks(prices)
  const { rateOf, view, pnlAtMarket } = marks
  const opener = createPositionOpener({ repos, marks, now })
  const publishChange = (userId: number, tradeId: number, balanceChanged: boolean) =>
    publishTradeChange(publisher, { userId, tradeIds: [tradeId], balanceChanged, now: now() })
  /** After an opening committed: its levels watched, the customer's tabs told. */
  const opened = (position: Position) => {
    watch(watchedPosition(position))
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
    unwatch(asset.feedId, tradeId)
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
      book.add(position)
      log.error(
        {
          err: { message: error instanceof Error ? error.message : String(error) },
          tradeId: position.tradeId,
        },
        'could not close a position at its level',
      )
    }
  }

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

  let stopOutCheckRunning = false
  let lastStopOutCheckMs = Number.NEGATIVE_INFINITY

  function onTicks(ticks: readonly LivePriceUpdate[]): void {
    // Every instance sees the same ticks; one acts on them.
    if (!leader.isLeader) return
    for (const triggered of book.take(ticks)) {
      const closing = closeTriggered(triggered).finally(() => inFlight.delete(closing))
      inFlight.add(closing)
    }
    const nowMs = now().getTime()
    if (stopOutCheckRunning || nowMs - lastStopOutCheckMs < STOP_OUT_CHECK_INTERVAL_MS) return
    lastStopOutCheckMs = nowMs
    stopOutCheckRunning = true
    const check = checkStopOuts()
      .catch((error: unknown) =>
        log.error(
          { err: { message: error instanceof Error ? error.message : String(error) } },
          'the stop-out check failed',
        ),
      )
      .finally(() => {
        stopOutCheckRunning = false
        inFlight.delete(check)
      })
    inFlight.add(check)
  }

  await loadBook()
  let unsubscribe: (() => void) | undefined = prices.onTicks(onTicks)

  return {
    /** Positions the take-profit/stop-loss watcher holds (for logs and tests). */
    get watchedCount() {
      return book.size
    },

    /** POST /trades/store: the request is already schema-valid; `idempotencyKey` is the validated header. */
    async open(user: UserRow, request: StoreTradeRequest, idempotencyKey: string): Promise<EngineResult> {
      const lots = lotsProblem(request.qty)
      if (lots !== undefined) return refuse(422, lots, 'qty')

      const message = request.type === 'buy' ? TRADE_MESSAGES.BUY_PLACED : TRADE_MESSAGES.SELL_PLACED
      const requestHash = orderHash(request)
      /** The first answer again for the same order; a different order under a used key is refused. */
      const replayOf = (position: Position): EngineResult => {
        const { requestHash: firstHash, side } = position.trade
        // Positions opened before the hash was kept (null) answer as they always did.
        if (firstHash !== null && firstHash !== requestHash) {
          return refuse(422, TRADE_MESSAGES.KEY_REUSED, 'Idempotency-Key')
        }
        const placed = side === 'buy' ? TRADE_MESSAGES.BUY_PLACED : TRADE_MESSAGES.SELL_PLACED
        return { ok: true, statusCode: 200, message: placed, trade: view(position) }
      }
      // A retry of a submit that already went through answers its first answer, even when the order would be
      // refused now (the market closed since): a refusal below looks the key up first. A retry that would not be
      // refused finds its position in the opening's own transaction, which reads the key under the row lock anyway.
      const refusedUnlessReplay = async (refusal: EngineResult): Promise<EngineResult> => {
        const replay = await repos.trades.findByIdempotencyKey(user.id, idempotencyKey)
        return replay ? replayOf(replay) : refusal
      }

      const asset = await opener.tradableAsset(user, request.id)
      if ('ok' in asset) return refusedUnlessReplay(asset)

      // Lots have two decimals (the step is 0.01); dividing an integer keeps 0.29 from becoming 0.29000000000000004.
      const volumeLots = Math.round(request.qty * 100) / 100
      const volumeUnits = Number((volumeLots * asset.contract_size).toFixed(6))
      if (Math.abs(request.volume - volumeUnits) > Math.max(volumeUnits * 1e-6, 1e-9)) {
        return refusedUnlessReplay(
          refuse(
            422,
            `Volume must be lots x contract size: ${volumeLots} x ${asset.contract_size} = ${volumeUnits} units.`,
            'volume',
          ),
        )
      }

      if (prices.isOpen(asset.asset_id) !== true)
        return refusedUnlessReplay(refuse(422, marketClosedMessage(asset)))
      const rate = rateOf(asset.asset_id)
      if (rate === undefined) return refusedUnlessReplay(refuse(422, noPriceMessage(asset.symbol)))
      const quote = quoteAt({ buySpread: asset.buy_spread, sellSpread: asset.sell_spread }, rate)
      const openingQuote = openingPriceQuote(request.type, quote)
      const levelRefusal = fieldsRefused(
        levelProblems(request.type, request, openingQuote, closingPriceQuote(request.type, quote)),
      )
      if (levelRefusal) return refusedUnlessReplay(levelRefusal)

      const opening: Opening = {
        userId: user.id,
        asset,
        side: request.type,
        volumeLots,
        volumeUnits,
        openingQuote,
        takeProfitQuote: request.take_profit,
        stopLossQuote: request.stop_loss,
        trailingStopQuote: 0,
        idempotencyKey,
        requestHash,
        requested: {
          opening_price: request.opening_price,
          margin: request.margin,
          leverage: request.leverage,
          amount: request.amount,
          qty: request.qty,
          volume: request.volume,
        },
        orderId: null,
      }
      const result = await opener.openWith(opening, (position, refusalOf) =>
        repos.trades.open(position, (account) => refusalOf(account)?.message, positionAssetOf(asset)),
      )
      if (result.kind === 'refused') return refuse(422, result.message)
      if (result.kind === 'existing') return replayOf(result.position)
      opened(result.position)
      return { ok: true, statusCode: 201, message, trade: view(result.position) }
    },

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
    watch,

    /** `listener` hears every position that leaves the book closed, on this instance or another. */
    onClosed(listener: (feedId: string, tradeId: number) => void): () => void {
      closedListeners.add(listener)
      return () => {
        closedListeners.delete(listener)
      }
    },

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
      for (const stop of stopListening) stop()
      await Promise.allSettled([...inFlight])
    },
  }
}
