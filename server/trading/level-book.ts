// The take-profit and stop-loss book of the trade engine (decisions 0011 and 0024): which open positions have a level
// to watch. Every instance keeps the whole book, its changes crossing the cluster's bus, so whichever instance leads
// next can act at once; a new leader reads it again from the database.
import type { FastifyBaseLogger } from 'fastify'
import { z } from 'zod'
import type { LivePriceUpdate } from '../../src/domain/contract'
import type { ClusterBus } from '../cluster/bus'
import type { LeaderLease } from '../cluster/leader'
import type { Repositories } from '../repositories'
import {
  TriggerBook,
  watchedPosition,
  WatchedPositionSchema,
  type Triggered,
  type WatchedPosition,
} from './trigger-book'

const BOOK_TOPICS = { WATCH: 'trading:watch', UNWATCH: 'trading:unwatch' } as const
const UnwatchSchema = z.object({ feedId: z.string(), tradeId: z.number().int() })

export interface LevelBookDependencies {
  repos: Repositories
  log: FastifyBaseLogger
  leader: LeaderLease
  bus: ClusterBus
  /** Work the engine waits for when it stops: here, a reload of the book on becoming leader. */
  track: (work: Promise<void>) => void
}

export type LevelBook = ReturnType<typeof createLevelBook>

export function createLevelBook({ repos, log, leader, bus, track }: LevelBookDependencies) {
  const book = new TriggerBook()
  const closedListeners = new Set<(feedId: string, tradeId: number) => void>()
  const forget = (feedId: string, tradeId: number) => {
    book.remove(feedId, tradeId)
    for (const listener of closedListeners) listener(feedId, tradeId)
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
  const load = async () => {
    for (const position of await repos.trades.openWithLevels()) book.add(watchedPosition(position))
  }
  // A new leader reads the book again: a position opened while no instance led (or whose message was lost) is
  // watched from now on. Adding is idempotent; a stale entry only costs a refused close.
  leader.onChange((leading) => {
    if (!leading) return
    track(
      load().catch((error: unknown) =>
        log.error(
          { err: { message: error instanceof Error ? error.message : String(error) } },
          'could not reload the take-profit and stop-loss book',
        ),
      ),
    )
  })

  return {
    /** Reads the open positions with a level from the database. */
    load,

    get size() {
      return book.size
    },

    /** Watches a position's levels (again, after they changed); `share` tells the other instances. */
    watch(position: WatchedPosition, share = true) {
      book.add(position)
      if (share) bus.publish(BOOK_TOPICS.WATCH, position)
    },

    /** A position closed: no longer watched here or on any other instance. */
    unwatch(feedId: string, tradeId: number) {
      forget(feedId, tradeId)
      bus.publish(BOOK_TOPICS.UNWATCH, { feedId, tradeId })
    },

    /** Watched again on this instance only, after its close failed: the next tick that reaches the level retries. */
    rewatch(position: WatchedPosition) {
      book.add(position)
    },

    /** The positions these ticks took to a level, out of the book. */
    take(ticks: readonly LivePriceUpdate[]): Triggered[] {
      return book.take(ticks)
    },

    /** `listener` hears every position that leaves the book closed, on this instance or another. */
    onClosed(listener: (feedId: string, tradeId: number) => void): () => void {
      closedListeners.add(listener)
      return () => {
        closedListeners.delete(listener)
      }
    },

    /** Stops hearing the other instances. */
    stop() {
      for (const stop of stopListening) stop()
    },
  }
}
