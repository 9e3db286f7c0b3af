// What a customer may change on an open position (decision 0034): its take-profit, stop-loss and trailing stop, a
// part of it closed, or every position (of one asset) closed at once. Levels are checked against the market now: a
// buy's take-profit above the bid it closes at and its stop-loss below; a sell's the other way round against the ask.
// Closes go through the engine's one close path, or, for a part, through the repository's split in one transaction.
import { ORDER_MESSAGES, type CloseAllResult, type ModifyTradeRequest } from '../../src/domain/contract'
import {
  closingPriceName,
  closingQuoteOf,
  levelSideErrors,
  trailedStopQuote,
  trailingDistanceFits,
} from '../../src/domain/trading/order-rules'
import type { Publisher } from '../realtime/publisher'
import type { Repositories } from '../repositories'
import type { TradeEngine } from './engine'
import type { MarketMarks } from './market-marks'
import { closingPriceAt, formatPrice } from './pricing'
import {
  fieldsRefused,
  levelOutOfRange,
  lotsOfVolume,
  noPriceMessage,
  refuse,
  TRADE_MESSAGES,
  unitsOfLots,
  type EngineResult,
  type FieldErrors,
  type Refusal,
} from './results'
import { publishTradeChange } from './trade-events'
import { watchedPosition } from './trigger-book'
import type { TrailingStops } from './trailing-stops'

export interface PositionChangesDependencies {
  repos: Repositories
  publisher: Publisher
  now: () => Date
  engine: Pick<TradeEngine, 'close' | 'watch'>
  marks: MarketMarks
  trailing: Pick<TrailingStops, 'track'>
}

export type PositionChanges = ReturnType<typeof createPositionChanges>

const LEVEL_FIELDS = ['take_profit', 'stop_loss', 'trailing_stop'] as const

export function createPositionChanges(deps: PositionChangesDependencies) {
  const { repos, publisher, now, engine, marks, trailing } = deps

  /** The customer's open position, or the refusal its absence earns (another's answers as a missing one). */
  async function openPosition(userId: number, tradeId: number) {
    const position = await repos.trades.findOwned(userId, tradeId)
    if (!position) return refuse(404, TRADE_MESSAGES.TRADE_NOT_FOUND)
    if (position.trade.status !== 'open') return refuse(409, TRADE_MESSAGES.ALREADY_CLOSED)
    return position
  }

  return {
    /** PATCH /trade/{id}: any of take_profit, stop_loss, trailing_stop; 0 removes one. */
    async modify(userId: number, tradeId: number, changes: ModifyTradeRequest): Promise<EngineResult> {
      const position = await openPosition(userId, tradeId)
      if ('ok' in position) return position
      const { trade, asset } = position
      const quote = marks.quoteOf(asset.feedId, asset)
      if (!quote) return refuse(422, noPriceMessage(asset.symbol))

      const errors: FieldErrors = {}
      for (const field of LEVEL_FIELDS) {
        const level = changes[field]
        if (level !== undefined && levelOutOfRange(level)) errors[field] = ['This is not a possible price.']
      }
      const closingQuote = closingQuoteOf(trade.side, quote)
      const sides = levelSideErrors(
        trade.side,
        { take_profit: changes.take_profit ?? 0, stop_loss: changes.stop_loss ?? 0 },
        closingQuote,
        closingPriceName(trade.side),
        formatPrice(closingQuote),
      )
      const distance = changes.trailing_stop ?? trade.trailingStop
      if (changes.trailing_stop !== undefined && !trailingDistanceFits(trade.side, distance, quote)) {
        errors.trailing_stop = [
          `Trailing stop must be less than ${closingPriceName(trade.side)} (${formatPrice(closingQuote)}).`,
        ]
      }
      const refusal = fieldsRefused({ ...sides, ...errors })
      if (refusal) return refusal

      // A trailing stop is a stop-loss that follows the market: it starts where it would be after this price.
      const stopChanged = changes.stop_loss !== undefined || changes.trailing_stop !== undefined
      const stopLoss = trailedStopQuote(trade.side, changes.stop_loss ?? trade.stopLoss, quote, distance)
      const updated = await repos.trades.setLevels(userId, tradeId, {
        ...(changes.take_profit === undefined ? {} : { takeProfitQuote: changes.take_profit }),
        ...(stopChanged ? { stopLossQuote: stopLoss } : {}),
        ...(changes.trailing_stop === undefined ? {} : { trailingStopQuote: changes.trailing_stop }),
      })
      if (!updated) return refuse(409, TRADE_MESSAGES.ALREADY_CLOSED)
      engine.watch(watchedPosition(updated))
      trailing.track(updated)
      publishTradeChange(publisher, { userId, tradeIds: [tradeId], balanceChanged: false, now: now() })
      return {
        ok: true,
        statusCode: 200,
        message: ORDER_MESSAGES.POSITION_MODIFIED,
        trade: marks.view(updated),
      }
    },

    /**
     * POST /trade/{id}/close: the whole position, or `volumeUnits` of it. The closed part becomes a closed position
     * of its own (answered); the rest keeps the position's id, levels and trailing stop.
     */
    async close(userId: number, tradeId: number, volumeUnits?: number): Promise<EngineResult> {
      if (volumeUnits === undefined) return engine.close(userId, tradeId)
      const position = await openPosition(userId, tradeId)
      if ('ok' in position) return position
      const { trade, asset } = position
      const lots = lotsOfVolume(volumeUnits, trade.contractSize)
      if (typeof lots === 'string') return refuse(422, lots, 'volume')
      if (lots === trade.volumeLots) return engine.close(userId, tradeId)
      const remainingLots = Math.round((trade.volumeLots - lots) * 100) / 100
      if (remainingLots < 0) {
        return refuse(422, `The position holds ${trade.volumeUnits} units; close at most that.`, 'volume')
      }
      const remainderProblem = lotsOfVolume(
        unitsOfLots(remainingLots, trade.contractSize),
        trade.contractSize,
      )
      if (typeof remainderProblem === 'string') {
        return refuse(422, `What stays open must be a position too: ${remainderProblem}`, 'volume')
      }

      const rate = marks.closingRate(asset)
      if (typeof rate !== 'number') return rate
      const result = await repos.trades.closePart({
        userId,
        tradeId,
        volumeLots: lots,
        volumeUnits: unitsOfLots(lots, trade.contractSize),
        closingPriceQuote: closingPriceAt(trade.side, asset, rate),
        now: now(),
      })
      if (result.kind === 'not_found') return refuse(404, TRADE_MESSAGES.TRADE_NOT_FOUND)
      if (result.kind === 'already_closed') return refuse(409, TRADE_MESSAGES.ALREADY_CLOSED)
      if (result.kind === 'too_small') {
        return refuse(409, 'The position changed meanwhile; look at it again before closing a part.')
      }
      publishTradeChange(publisher, {
        userId,
        tradeIds: [result.part.trade.id, tradeId],
        balanceChanged: true,
        now: now(),
      })
      return {
        ok: true,
        statusCode: 200,
        message: ORDER_MESSAGES.PARTIALLY_CLOSED,
        trade: marks.view(result.part),
      }
    },

    /**
     * POST /trades/close-all: each open position (of one asset, by the feed's id) through the one close path, one
     * ledger row each. One failure does not stop the others; the answer lists both.
     */
    async closeAll(userId: number, feedId?: string): Promise<CloseAllResult | Refusal> {
      if (feedId !== undefined) {
        const asset = await repos.assets.findByIdOrAssetId(feedId)
        if (!asset || asset.asset_id !== feedId)
          return refuse(404, TRADE_MESSAGES.ASSET_NOT_FOUND, 'asset_id')
      }
      const result: CloseAllResult = { closed: [], failed: [] }
      for (const { trade } of await repos.trades.openOf(userId, feedId)) {
        const closed = await engine.close(userId, trade.id)
        if (closed.ok) result.closed.push(closed.trade)
        else result.failed.push({ id: trade.id, message: closed.message })
      }
      return result
    },
  }
}
