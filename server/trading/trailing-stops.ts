// Trailing stops on the server (decision 0034): they keep trailing with every tab closed, through restarts and through
// a change of leader. The leader moves each stop on every tick in memory (a buy's to max(stop, bid - distance), a
// sell's to min(stop, ask + distance)) and hands the moved stop to the take-profit/stop-loss book at once, so the
// close happens at the first tick that reaches it; it writes the stop and tells the customer's tabs at most once a
// second per position. The write only moves a stop forward, so a leader that lost its lease cannot take one back.
// Every instance keeps the positions that trail (changes cross the bus); a new leader reads them from the database.
import type { FastifyBaseLogger } from 'fastify'
import { z } from 'zod'
import type { LivePriceUpdate, TradeSide } from '../../src/domain/contract'
import { trailedStopQuote } from '../../src/domain/trading/order-rules'
import type { ClusterBus } from '../cluster/bus'
import type { LeaderLease } from '../cluster/leader'
import type { Prices } from '../realtime'
import type { Publisher } from '../realtime/publisher'
import type { Repositories } from '../repositories'
import type { Position } from '../repositories/trades'
import type { TradeEngine } from './engine'
import { quoteAt, type Spreads } from './pricing'
import { publishTradeChange } from './trade-events'
import { watchedPosition } from './trigger-book'

/** A stop is written and published at most this often per position. */
export const TRAILING_STOP_SAVE_INTERVAL_MS = 1_000

export interface TrailedPosition extends Spreads {
  tradeId: number
  userId: number
  feedId: string
  side: TradeSide
  distance: number
  stopLoss: number
  takeProfit: number
}

interface Trail extends TrailedPosition {
  savedStopLoss: number
  savedAtMs: number
}

const TrailedPositionSchema = z.object({
  tradeId: z.number().int(),
  userId: z.number().int(),
  feedId: z.string(),
  side: z.enum(['buy', 'sell']),
  distance: z.number(),
  stopLoss: z.number(),
  takeProfit: z.number(),
  buySpread: z.number(),
  sellSpread: z.number(),
}) satisfies z.ZodType<TrailedPosition>
const UntrackSchema = z.object({ feedId: z.string(), tradeId: z.number().int() })
const TOPICS = { TRACK: 'trailing:track', UNTRACK: 'trailing:untrack' } as const

export function trailedPosition({ trade, asset }: Position): TrailedPosition {
  return {
    tradeId: trade.id,
    userId: trade.userId,
    feedId: asset.feedId,
    side: trade.side,
    distance: trade.trailingStop,
    stopLoss: trade.stopLoss,
    takeProfit: trade.takeProfit,
    buySpread: asset.buySpread,
    sellSpread: asset.sellSpread,
  }
}

export interface TrailingStopsDependencies {
  repos: Repositories
  prices: Pick<Prices, 'onTicks'>
  publisher: Publisher
  now: () => Date
  log: FastifyBaseLogger
  leader: LeaderLease
  bus: ClusterBus
  engine: Pick<TradeEngine, 'watch' | 'onClosed'>
}

export type TrailingStops = ReturnType<typeof createTrailingStops>

const errorOf = (error: unknown) => ({ message: error instanceof Error ? error.message : String(error) })

export function createTrailingStops(deps: TrailingStopsDependencies) {
  const { repos, prices, publisher, now, log, leader, bus, engine } = deps
  const byFeedId = new Map<string, Map<number, Trail>>()
  const saving = new Set<number>()
  const inFlight = new Set<Promise<void>>()

  function add(position: TrailedPosition): void {
    const trails = byFeedId.get(position.feedId) ?? new Map<number, Trail>()
    byFeedId.set(position.feedId, trails)
    trails.set(position.tradeId, {
      ...position,
      savedStopLoss: position.stopLoss,
      savedAtMs: Number.NEGATIVE_INFINITY,
    })
  }
  function remove(feedId: string, tradeId: number): void {
    const trails = byFeedId.get(feedId)
    trails?.delete(tradeId)
    if (trails?.size === 0) byFeedId.delete(feedId)
  }

  const stopListening = [
    bus.subscribe(TOPICS.TRACK, (payload) => {
      const position = TrailedPositionSchema.safeParse(payload)
      if (position.success) add(position.data)
    }),
    bus.subscribe(TOPICS.UNTRACK, (payload) => {
      const untracked = UntrackSchema.safeParse(payload)
      if (untracked.success) remove(untracked.data.feedId, untracked.data.tradeId)
    }),
    // A position closed (its stop reached, its owner, a stop-out), here or on another instance: nothing to trail.
    engine.onClosed(remove),
  ]

  const load = async () => {
    for (const position of await repos.trades.openWithTrailingStops()) add(trailedPosition(position))
  }
  // A new leader trails from the stops last written: at most a second's move behind, never a stop taken back.
  leader.onChange((leading) => {
    if (!leading) return
    const reload = load()
      .catch((error: unknown) => log.error({ err: errorOf(error) }, 'could not reload trailing stops'))
      .finally(() => inFlight.delete(reload))
    inFlight.add(reload)
  })

  async function save(trail: Trail): Promise<void> {
    const stopLoss = trail.stopLoss
    saving.add(trail.tradeId)
    trail.savedAtMs = now().getTime()
    try {
      const position = await repos.trades.trailStop(trail.tradeId, stopLoss)
      // Nothing moved: the position closed, stopped trailing or its owner set a stop beyond this one meanwhile;
      // each of those changes reaches this book by itself.
      if (!position) return
      trail.savedStopLoss = stopLoss
      // The other instances' books take the written stop, so a new leader closes at it at once.
      engine.watch(watchedPosition(position))
      publishTradeChange(publisher, {
        userId: trail.userId,
        tradeIds: [trail.tradeId],
        balanceChanged: false,
        now: now(),
      })
    } catch (error) {
      log.error({ err: errorOf(error), tradeId: trail.tradeId }, 'could not save a trailing stop')
    } finally {
      saving.delete(trail.tradeId)
    }
  }

  function saveIfDue(trail: Trail, nowMs: number): void {
    if (trail.stopLoss === trail.savedStopLoss || saving.has(trail.tradeId)) return
    if (nowMs - trail.savedAtMs < TRAILING_STOP_SAVE_INTERVAL_MS) return
    const saved = save(trail).finally(() => inFlight.delete(saved))
    inFlight.add(saved)
  }

  function onTicks(ticks: readonly LivePriceUpdate[]): void {
    if (!leader.isLeader || byFeedId.size === 0) return
    const nowMs = now().getTime()
    for (const tick of ticks) {
      const trails = byFeedId.get(tick.id)
      if (!trails) continue
      for (const trail of trails.values()) {
        const stopLoss = trailedStopQuote(
          trail.side,
          trail.stopLoss,
          quoteAt(trail, tick.price),
          trail.distance,
        )
        if (stopLoss === trail.stopLoss) continue
        trail.stopLoss = stopLoss
        // This instance's book closes at the moved stop from the next tick on; the others hear it when it is saved.
        engine.watch(
          {
            tradeId: trail.tradeId,
            userId: trail.userId,
            feedId: trail.feedId,
            side: trail.side,
            takeProfit: trail.takeProfit,
            stopLoss,
            buySpread: trail.buySpread,
            sellSpread: trail.sellSpread,
          },
          false,
        )
        saveIfDue(trail, nowMs)
      }
    }
  }
  let unsubscribe: (() => void) | undefined = prices.onTicks(onTicks)

  return {
    /** Positions that trail (for logs and tests). */
    get size() {
      let size = 0
      for (const trails of byFeedId.values()) size += trails.size
      return size
    },

    load,

    /** Trails the position from its levels now (a distance of 0: not any more), on every instance. */
    track(position: Position): void {
      const trailed = trailedPosition(position)
      if (trailed.distance > 0) {
        add(trailed)
        bus.publish(TOPICS.TRACK, trailed)
      } else {
        remove(trailed.feedId, trailed.tradeId)
        bus.publish(TOPICS.UNTRACK, { feedId: trailed.feedId, tradeId: trailed.tradeId })
      }
    },

    /** Writes the stops that moved since their last write a second or more ago (the leader's, once a second). */
    flush(): void {
      if (!leader.isLeader) return
      const nowMs = now().getTime()
      for (const trails of byFeedId.values()) for (const trail of trails.values()) saveIfDue(trail, nowMs)
    },

    async settled(): Promise<void> {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight])
    },

    async stop(): Promise<void> {
      unsubscribe?.()
      unsubscribe = undefined
      for (const stop of stopListening) stop()
      await Promise.allSettled([...inFlight])
    },
  }
}
