// Pending orders on the leader (decision 0034): the book of every pending order by feed id, read on every tick batch
// as the take-profit book is, the fills it triggers and the expiries. Every instance keeps the whole book (places,
// changes and ends cross the bus) so that whichever leads next acts at once; a new leader also reads it again from
// the database. Only the leader fills, and a fill is one transaction whose conditional UPDATE ends the order once:
// the lease decides who works, the database what happens.
import type { FastifyBaseLogger } from 'fastify'
import { z } from 'zod'
import {
  ORDER_MESSAGES,
  type Asset,
  type LivePriceUpdate,
  type OrderType,
  type SiteSettings,
  type TradeSide,
} from '../../src/domain/contract'
import { fillPriceQuote, orderTriggered } from '../../src/domain/trading/order-rules'
import { orderReference } from '../../src/domain/trading/trade-reference'
import type { ClusterBus } from '../cluster/bus'
import type { LeaderLease } from '../cluster/leader'
import type { Prices } from '../realtime'
import type { Publisher } from '../realtime/publisher'
import { publishNotification } from '../realtime/user-events'
import type { Repositories } from '../repositories'
import type { AccountRefusal, PendingOrder } from '../repositories/orders'
import type { Position } from '../repositories/trades'
import type { TradeEngine } from './engine'
import type { Opening } from './position-opener'
import { formatPrice, quoteAt, type Quote, type Spreads } from './pricing'
import { publishOrderChange } from './trade-events'
import { toOrderJson } from './views'

export interface WatchedOrder extends Spreads {
  orderId: number
  userId: number
  feedId: string
  side: TradeSide
  type: OrderType
  priceQuote: number
  /** Null: good till cancelled. */
  expiresAtMs: number | null
}

const WatchedOrderSchema = z.object({
  orderId: z.number().int(),
  userId: z.number().int(),
  feedId: z.string(),
  side: z.enum(['buy', 'sell']),
  type: z.enum(['limit', 'stop']),
  priceQuote: z.number(),
  expiresAtMs: z.number().nullable(),
  buySpread: z.number(),
  sellSpread: z.number(),
}) satisfies z.ZodType<WatchedOrder>
const UnwatchSchema = z.object({ feedId: z.string(), orderId: z.number().int() })
const TOPICS = { WATCH: 'orders:watch', UNWATCH: 'orders:unwatch' } as const

export function watchedOrder({ order, asset }: PendingOrder): WatchedOrder {
  return {
    orderId: order.id,
    userId: order.userId,
    feedId: asset.feedId,
    side: order.side,
    type: order.orderType,
    priceQuote: order.price,
    expiresAtMs: order.expiresAt?.getTime() ?? null,
    buySpread: asset.buySpread,
    sellSpread: asset.sellSpread,
  }
}

export interface TriggeredOrder {
  order: WatchedOrder
  /** The prices of the tick that reached the order: it fills at this tick. */
  quote: Quote
}

/** Pure: the engine's side feeds it ticks and acts on what it returns, as with the take-profit book. */
export class PendingBook {
  private readonly byFeedId = new Map<string, Map<number, WatchedOrder>>()

  get size(): number {
    let size = 0
    for (const orders of this.byFeedId.values()) size += orders.size
    return size
  }

  add(order: WatchedOrder): void {
    let orders = this.byFeedId.get(order.feedId)
    if (!orders) this.byFeedId.set(order.feedId, (orders = new Map()))
    orders.set(order.orderId, order)
  }

  remove(feedId: string, orderId: number): void {
    const orders = this.byFeedId.get(feedId)
    if (!orders) return
    orders.delete(orderId)
    if (orders.size === 0) this.byFeedId.delete(feedId)
  }

  /**
   * The orders a tick of this batch reached, each taken out of the book, at the first tick that reaches it. A
   * market that is closed fills nothing, and an order past its expiry waits for the expiry, not for a fill.
   */
  take(ticks: readonly LivePriceUpdate[], isOpen: (feedId: string) => boolean, nowMs: number) {
    const triggered: TriggeredOrder[] = []
    for (const tick of ticks) {
      const orders = this.byFeedId.get(tick.id)
      if (!orders || !isOpen(tick.id)) continue
      for (const order of orders.values()) {
        if (order.expiresAtMs !== null && order.expiresAtMs <= nowMs) continue
        const quote = quoteAt(order, tick.price)
        if (!orderTriggered(order.side, order.type, order.priceQuote, quote)) continue
        triggered.push({ order, quote })
        this.remove(order.feedId, order.orderId)
      }
    }
    return triggered
  }

  /** Whether an order's expiry has passed. */
  hasDue(nowMs: number): boolean {
    for (const orders of this.byFeedId.values()) {
      for (const order of orders.values()) {
        if (order.expiresAtMs !== null && order.expiresAtMs <= nowMs) return true
      }
    }
    return false
  }
}

export interface PendingOrdersDependencies {
  repos: Repositories
  prices: Pick<Prices, 'isOpen' | 'onTicks'>
  publisher: Publisher
  now: () => Date
  log: FastifyBaseLogger
  leader: LeaderLease
  bus: ClusterBus
  engine: Pick<TradeEngine, 'fill'>
  /** A fill opened this position (its trailing stop starts trailing). */
  onFilled: (position: Position) => void
}

export type PendingOrders = ReturnType<typeof createPendingOrders>

const errorOf = (error: unknown) => ({ message: error instanceof Error ? error.message : String(error) })

export function createPendingOrders(deps: PendingOrdersDependencies) {
  const { repos, prices, publisher, now, log, leader, bus, engine } = deps
  const book = new PendingBook()
  const inFlight = new Set<Promise<void>>()
  const run = (work: Promise<void>) => {
    const done = work.finally(() => inFlight.delete(done))
    inFlight.add(done)
  }

  const watch = (order: WatchedOrder) => {
    book.add(order)
    bus.publish(TOPICS.WATCH, order)
  }
  const unwatch = (feedId: string, orderId: number) => {
    book.remove(feedId, orderId)
    bus.publish(TOPICS.UNWATCH, { feedId, orderId })
  }
  const stopListening = [
    bus.subscribe(TOPICS.WATCH, (payload) => {
      const order = WatchedOrderSchema.safeParse(payload)
      if (order.success) book.add(order.data)
    }),
    bus.subscribe(TOPICS.UNWATCH, (payload) => {
      const unwatched = UnwatchSchema.safeParse(payload)
      if (unwatched.success) book.remove(unwatched.data.feedId, unwatched.data.orderId)
    }),
  ]

  const load = async () => {
    for (const order of await repos.orders.pending()) book.add(watchedOrder(order))
  }
  // A new leader reads the book again: an order placed while nobody led (or whose message was lost) is watched.
  leader.onChange((leading) => {
    if (!leading) return
    run(
      load().catch((error: unknown) => log.error({ err: errorOf(error) }, 'could not reload pending orders')),
    )
  })

  /**
   * Tells the customer why an order they left to the server did not fill: stored, then pushed
   * (docs/product/orders-and-alerts.md#notifications's sound).
   */
  async function notifyCancelled(pending: PendingOrder, refusal: AccountRefusal): Promise<void> {
    const { order, asset } = pending
    const stored = await repos.notifications.create(
      {
        userId: order.userId,
        title: ORDER_MESSAGES.CANCELLED_AT_FILL,
        message:
          `Your ${asset.symbol} ${order.side} ${order.orderType} order ${orderReference(order.id)} at ` +
          `${formatPrice(order.price)} was cancelled instead of filled. ${refusal.message}`,
        color: 'danger',
      },
      now(),
    )
    if (stored) publishNotification(publisher, stored)
  }

  /**
   * The reads every fill of one tick batch would repeat, made once for the batch: the asset (by its id) and the site
   * settings (the leverage chain). A tick that crosses forty orders is forty fills at the same moment.
   */
  function sharedReads() {
    const assetsById = new Map<number, Promise<Asset | undefined>>()
    let settings: Promise<SiteSettings> | undefined
    return {
      asset(assetId: number) {
        let asset = assetsById.get(assetId)
        if (!asset) assetsById.set(assetId, (asset = repos.assets.findByIdOrAssetId(String(assetId))))
        return asset
      },
      settings: () => (settings ??= repos.settings.get()),
    }
  }

  async function fill(
    { order, quote }: TriggeredOrder,
    shared: ReturnType<typeof sharedReads>,
  ): Promise<void> {
    const pending = await repos.orders.findPending(order.orderId)
    // Cancelled, changed away or filled meanwhile: its own change told the book.
    if (!pending) return
    const asset = await shared.asset(pending.order.assetId)
    if (!asset) return
    const { order: row } = pending
    const opening: Opening = {
      userId: row.userId,
      asset,
      side: row.side,
      volumeLots: row.volumeLots,
      volumeUnits: row.volumeUnits,
      openingQuote: fillPriceQuote(row.side, row.orderType, row.price, quote),
      takeProfitQuote: row.takeProfit,
      stopLossQuote: row.stopLoss,
      trailingStopQuote: row.trailingStop,
      // One position per order, whatever retries: the trades' own key index backs the order's conditional UPDATE.
      idempotencyKey: `order-${row.id}`,
      requestHash: row.requestHash,
      requested: { order_id: row.id, price: row.price, volume: row.volumeUnits },
      orderId: row.id,
    }
    const result = await engine.fill(row.id, opening, shared.settings())
    if (result.kind === 'gone') return
    unwatch(order.feedId, order.orderId)
    publishOrderChange(publisher, row.userId, toOrderJson(result.order))
    if (result.kind === 'filled') {
      log.info({ orderId: row.id, tradeId: result.position.trade.id, userId: row.userId }, 'order filled')
      deps.onFilled(result.position)
    } else {
      log.info(
        { orderId: row.id, userId: row.userId, reason: result.refusal.reason },
        'order cancelled at fill',
      )
      await notifyCancelled(result.order, result.refusal)
    }
  }

  function onTicks(ticks: readonly LivePriceUpdate[]): void {
    // Every instance sees the same ticks; one acts on them.
    if (!leader.isLeader || book.size === 0) return
    const isOpen = (feedId: string) => prices.isOpen(feedId) === true
    const shared = sharedReads()
    for (const triggered of book.take(ticks, isOpen, now().getTime())) {
      run(
        fill(triggered, shared).catch((error: unknown) => {
          // Watched again, so the next tick that still reaches the order retries.
          book.add(triggered.order)
          log.error({ err: errorOf(error), orderId: triggered.order.orderId }, 'could not fill an order')
        }),
      )
    }
  }
  let unsubscribe: (() => void) | undefined = prices.onTicks(onTicks)

  return {
    /** Orders the book holds (for logs and tests). */
    get size() {
      return book.size
    },

    load,

    /** Watches an order placed or changed, on every instance. */
    watch: (order: PendingOrder) => watch(watchedOrder(order)),

    /** Stops watching an order that ended, on every instance. */
    unwatch,

    /** Expires the orders whose time has come; the leader's, once a second, and only when one is due. */
    async expireDue(): Promise<void> {
      if (!leader.isLeader || !book.hasDue(now().getTime())) return
      try {
        for (const expired of await repos.orders.expireDue(now())) {
          unwatch(expired.asset.feedId, expired.order.id)
          publishOrderChange(publisher, expired.order.userId, toOrderJson(expired))
        }
      } catch (error) {
        log.error({ err: errorOf(error) }, 'could not expire pending orders')
      }
    },

    /** Resolves once the fills under way have finished (tests wait on it after a tick). */
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
