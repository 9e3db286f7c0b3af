// The open positions that have a take-profit or a stop-loss, indexed by the feed id of their asset, so that a batch
// of ticks costs one map lookup per tick when nothing is watched. Pure: the engine feeds it ticks and acts on what
// it returns.
import { z } from 'zod'
import type { LivePriceUpdate, TradeSide } from '../../src/domain/contract'
import type { Position } from '../repositories/trades'
import { closingPriceAt, reachedLevel, type Spreads } from './pricing'

export interface WatchedPosition extends Spreads {
  tradeId: number
  userId: number
  feedId: string
  side: TradeSide
  takeProfit: number
  stopLoss: number
}

/** What the book needs of a position. */
export function watchedPosition({ trade, asset }: Position): WatchedPosition {
  return {
    tradeId: trade.id,
    userId: trade.userId,
    feedId: asset.feedId,
    side: trade.side,
    takeProfit: trade.takeProfit,
    stopLoss: trade.stopLoss,
    buySpread: asset.buySpread,
    sellSpread: asset.sellSpread,
  }
}

/** A watched position as it crosses the bus between instances. */
export const WatchedPositionSchema = z.object({
  tradeId: z.number().int(),
  userId: z.number().int(),
  feedId: z.string(),
  side: z.enum(['buy', 'sell']),
  takeProfit: z.number(),
  stopLoss: z.number(),
  buySpread: z.number(),
  sellSpread: z.number(),
}) satisfies z.ZodType<WatchedPosition>

export interface Triggered {
  position: WatchedPosition
  reason: 'take_profit' | 'stop_loss'
  /** The feed's rate of the tick that reached the level: the position closes at this rate's closing price. */
  rateQuote: number
}

export class TriggerBook {
  private readonly byFeedId = new Map<string, Map<number, WatchedPosition>>()

  get size(): number {
    let size = 0
    for (const positions of this.byFeedId.values()) size += positions.size
    return size
  }

  /**
   * Watches the position with these levels, replacing what was watched for it; a position without a level is not
   * watched (any more: its owner removed both).
   */
  add(position: WatchedPosition): void {
    if (position.takeProfit <= 0 && position.stopLoss <= 0) {
      this.remove(position.feedId, position.tradeId)
      return
    }
    let positions = this.byFeedId.get(position.feedId)
    if (!positions) this.byFeedId.set(position.feedId, (positions = new Map()))
    positions.set(position.tradeId, position)
  }

  remove(feedId: string, tradeId: number): void {
    const positions = this.byFeedId.get(feedId)
    if (!positions) return
    positions.delete(tradeId)
    if (positions.size === 0) this.byFeedId.delete(feedId)
  }

  /**
   * The positions whose level a tick of this batch reached, each taken out of the book (the engine puts one back
   * if closing it fails). Ticks are read in order, so a position fires at the first tick that reaches its level,
   * even if a later tick of the same batch moves back.
   */
  take(ticks: readonly LivePriceUpdate[]): Triggered[] {
    const triggered: Triggered[] = []
    for (const tick of ticks) {
      const positions = this.byFeedId.get(tick.id)
      if (!positions) continue
      for (const position of positions.values()) {
        const closing = closingPriceAt(position.side, position, tick.price)
        const reason = reachedLevel(position.side, position, closing)
        if (reason === undefined) continue
        triggered.push({ position, reason, rateQuote: tick.price })
        this.remove(position.feedId, position.tradeId)
      }
    }
    return triggered
  }
}
