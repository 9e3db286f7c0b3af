// Price alerts on the leader (decision 0037): the bid of an asset going above or below a price. Every instance keeps
// the book of active alerts (creates and ends cross the bus, as the pending orders' do), and a new leader reads it
// again from the database; only the leader fires, on every tick batch beside the take-profits, and a fire is one
// conditional UPDATE (`WHERE status = 'active'`) so an alert fires once across instances and restarts. A fired alert
// is a stored notification (the spec's notifier, sound and `.notification.message`) and a Web Push, queued off the
// tick's path.
//
// The book is ordered per asset and side, so a tick costs a comparison with the nearest alert of each side, however
// many wait far from the price: 'above' alerts sorted by falling price (the lowest, the next to fire, last),
// 'below' alerts by rising price (the highest last); a tick pops from the ends while they fire.
import type { FastifyBaseLogger } from 'fastify'
import { z } from 'zod'
import { CHANNELS, type LivePriceUpdate } from '../../src/domain/contract'
import { formatPrice, PRICE_DECIMALS } from '../../src/domain/format/numbers'
import {
  ALERT_EVENTS,
  ALERT_MESSAGES,
  MAX_ACTIVE_ALERTS,
  type Alert,
  type AlertCondition,
  type CreateAlertRequest,
  type PushPayload,
} from '../alerts/contract'
import type { ClusterBus } from '../cluster/bus'
import type { LeaderLease } from '../cluster/leader'
import type { PushQueue } from '../push/queue'
import type { Prices } from '../realtime'
import type { Publisher } from '../realtime/publisher'
import { publishNotification } from '../realtime/user-events'
import type { Repositories } from '../repositories'
import type { AlertAsset, AlertRow, AlertWithAsset } from '../repositories/alerts'
import type { UserRow } from '../repositories/users'
import { quoteAt, type Spreads } from './pricing'
import type { FieldErrors } from './results'

export interface WatchedAlert extends Spreads {
  alertId: number
  userId: number
  feedId: string
  condition: AlertCondition
  priceQuote: number
  /** Null: good till cancelled. */
  expiresAtMs: number | null
  symbol: string
  symbolDisplay: string
}

const WatchedAlertSchema = z.object({
  alertId: z.number().int(),
  userId: z.number().int(),
  feedId: z.string(),
  condition: z.enum(['above', 'below']),
  priceQuote: z.number(),
  expiresAtMs: z.number().nullable(),
  symbol: z.string(),
  symbolDisplay: z.string(),
  buySpread: z.number(),
  sellSpread: z.number(),
}) satisfies z.ZodType<WatchedAlert>
const UnwatchSchema = z.object({ alertId: z.number().int() })
const TOPICS = { WATCH: 'alerts:watch', UNWATCH: 'alerts:unwatch' } as const

export function watchedAlert({ alert, asset }: AlertWithAsset): WatchedAlert {
  return {
    alertId: alert.id,
    userId: alert.userId,
    feedId: asset.feedId,
    condition: alert.condition,
    priceQuote: alert.price,
    expiresAtMs: alert.expiresAt?.getTime() ?? null,
    symbol: asset.symbol,
    symbolDisplay: asset.symbolDisplay,
    buySpread: asset.buySpread,
    sellSpread: asset.sellSpread,
  }
}

/** Whether an alert's condition holds at this bid: at the price itself it has been reached. */
export const alertReached = (condition: AlertCondition, priceQuote: number, bidQuote: number) =>
  condition === 'above' ? bidQuote >= priceQuote : bidQuote <= priceQuote

export interface FiredAlert {
  alert: WatchedAlert
  /** The bid of the tick that reached it. */
  bidQuote: number
}

interface Sides {
  /** Falling prices: the lowest (first to fire on a rise) last. */
  above: WatchedAlert[]
  /** Rising prices: the highest (first to fire on a fall) last. */
  below: WatchedAlert[]
}

/** Where `alert` goes in `list` (sorted so the next to fire is last), by binary search. */
function insertionIndex(list: readonly WatchedAlert[], alert: WatchedAlert): number {
  const before = (a: WatchedAlert, b: WatchedAlert) =>
    alert.condition === 'above' ? a.priceQuote > b.priceQuote : a.priceQuote < b.priceQuote
  let low = 0
  let high = list.length
  while (low < high) {
    const middle = (low + high) >>> 1
    const entry = list[middle] as WatchedAlert
    // Equal prices keep their order of arrival toward the end: the older fires first.
    if (before(entry, alert) || entry.priceQuote === alert.priceQuote) low = middle + 1
    else high = middle
  }
  return low
}

/** Pure: the leader's side feeds it ticks and acts on what it returns, as with the take-profit book. */
export class AlertBook {
  private readonly byFeedId = new Map<string, Sides>()
  private readonly byId = new Map<number, WatchedAlert>()
  private readonly expiring = new Set<number>()

  get size(): number {
    return this.byId.size
  }

  add(alert: WatchedAlert): void {
    this.remove(alert.alertId)
    let sides = this.byFeedId.get(alert.feedId)
    if (!sides) this.byFeedId.set(alert.feedId, (sides = { above: [], below: [] }))
    const list = sides[alert.condition]
    list.splice(insertionIndex(list, alert), 0, alert)
    this.byId.set(alert.alertId, alert)
    if (alert.expiresAtMs !== null) this.expiring.add(alert.alertId)
  }

  remove(alertId: number): void {
    const alert = this.byId.get(alertId)
    if (!alert) return
    this.byId.delete(alertId)
    this.expiring.delete(alertId)
    const sides = this.byFeedId.get(alert.feedId)
    if (!sides) return
    const list = sides[alert.condition]
    // The binary search lands just past the run of its price; the entry is in that run.
    for (let index = insertionIndex(list, alert) - 1; index >= 0; index -= 1) {
      const entry = list[index] as WatchedAlert
      if (entry.priceQuote !== alert.priceQuote) break
      if (entry.alertId === alertId) {
        list.splice(index, 1)
        break
      }
    }
    if (sides.above.length === 0 && sides.below.length === 0) this.byFeedId.delete(alert.feedId)
  }

  /**
   * The alerts a tick of this batch reached, each taken out of the book, at the first tick that reaches it. An alert
   * past its expiry leaves the book without firing (the expiry job marks it).
   */
  take(ticks: readonly LivePriceUpdate[], nowMs: number): FiredAlert[] {
    const fired: FiredAlert[] = []
    for (const tick of ticks) {
      const sides = this.byFeedId.get(tick.id)
      if (!sides) continue
      this.takeFrom(sides.above, tick.price, nowMs, fired)
      this.takeFrom(sides.below, tick.price, nowMs, fired)
      if (sides.above.length === 0 && sides.below.length === 0) this.byFeedId.delete(tick.id)
    }
    return fired
  }

  /** Pops from the end of one side while its last alert fires at this rate. */
  private takeFrom(list: WatchedAlert[], rateQuote: number, nowMs: number, fired: FiredAlert[]): void {
    for (;;) {
      const next = list.at(-1)
      // docs/product/trading-workspace.md#assets-and-live-prices's bid (quoteAt's sell price), without an object per
      // tick: this runs for every tick of every asset.
      const bidQuote = next && rateQuote * (1 - next.sellSpread)
      if (!next || bidQuote === undefined || !alertReached(next.condition, next.priceQuote, bidQuote)) return
      list.pop()
      // One past its expiry stays known (hasDue) until the expiry job marks it and unwatches it.
      if (next.expiresAtMs !== null && next.expiresAtMs <= nowMs) continue
      this.byId.delete(next.alertId)
      this.expiring.delete(next.alertId)
      fired.push({ alert: next, bidQuote })
    }
  }

  /** Whether an alert's expiry has passed (only those with an expiry are looked at). */
  hasDue(nowMs: number): boolean {
    for (const alertId of this.expiring) {
      const expiresAtMs = this.byId.get(alertId)?.expiresAtMs
      if (expiresAtMs !== null && expiresAtMs !== undefined && expiresAtMs <= nowMs) return true
    }
    return false
  }
}

const formatQuote = (priceQuote: number) => formatPrice(priceQuote, PRICE_DECIMALS.DEFAULT)

/** '{symbol_display} is above {price} (now {bid})', then the note. */
export function alertFiredMessage(
  symbolDisplay: string,
  condition: AlertCondition,
  priceQuote: number,
  bidQuote: number,
  note: string | null,
): string {
  const sentence = `${symbolDisplay} is ${condition} ${formatQuote(priceQuote)} (now ${formatQuote(bidQuote)})`
  return note ? `${sentence}. ${note}` : sentence
}

export function toAlertJson(alert: AlertRow, asset: Pick<AlertAsset, 'feedId' | 'symbol'>): Alert {
  return {
    id: alert.id,
    asset_id: asset.feedId,
    asset_symbol: asset.symbol,
    condition: alert.condition,
    price: alert.price,
    note: alert.note,
    status: alert.status,
    created_at: alert.createdAt.toISOString(),
    expires_at: alert.expiresAt?.toISOString() ?? null,
    triggered_at: alert.triggeredAt?.toISOString() ?? null,
    triggered_price: alert.triggeredPrice,
  }
}

export type AlertResult =
  | { ok: true; statusCode: 200 | 201; message: string; alert: Alert }
  | { ok: false; statusCode: 404 | 409 | 422; message: string; errors?: FieldErrors }

const refuse = (statusCode: 404 | 409 | 422, message: string, field?: string): AlertResult => ({
  ok: false,
  statusCode,
  message,
  ...(field === undefined ? {} : { errors: { [field]: [message] } }),
})

export interface PriceAlertsDependencies {
  repos: Repositories
  prices: Pick<Prices, 'current' | 'onTicks'>
  publisher: Publisher
  now: () => Date
  log: FastifyBaseLogger
  leader: LeaderLease
  bus: ClusterBus
  /** Where fired alerts' Web Pushes go; none: no pushes (a desk a test builds without one). */
  push?: Pick<PushQueue, 'enqueue'>
}

export type PriceAlerts = ReturnType<typeof createPriceAlerts>

const errorOf = (error: unknown) => ({ message: error instanceof Error ? error.message : String(error) })

/** A push to a phone that was off for a day about a price then is noise: kept by the push service for an hour. */
const ALERT_PUSH_TTL_SECONDS = 3_600

export function createPriceAlerts(deps: PriceAlertsDependencies) {
  const { repos, prices, publisher, now, log, leader, bus } = deps
  const book = new AlertBook()
  const inFlight = new Set<Promise<void>>()
  const run = (work: Promise<void>) => {
    const done = work.finally(() => inFlight.delete(done))
    inFlight.add(done)
  }

  const watch = (alert: WatchedAlert) => {
    book.add(alert)
    bus.publish(TOPICS.WATCH, alert)
  }
  const unwatch = (alertId: number) => {
    book.remove(alertId)
    bus.publish(TOPICS.UNWATCH, { alertId })
  }
  const stopListening = [
    bus.subscribe(TOPICS.WATCH, (payload) => {
      const alert = WatchedAlertSchema.safeParse(payload)
      if (alert.success) book.add(alert.data)
    }),
    bus.subscribe(TOPICS.UNWATCH, (payload) => {
      const unwatched = UnwatchSchema.safeParse(payload)
      if (unwatched.success) book.remove(unwatched.data.alertId)
    }),
  ]

  const load = async () => {
    for (const alert of await repos.alerts.active()) book.add(watchedAlert(alert))
  }
  // A new leader reads the book again: an alert made while nobody led (or whose message was lost) is watched.
  leader.onChange((leading) => {
    if (!leading) return
    run(load().catch((error: unknown) => log.error({ err: errorOf(error) }, 'could not reload price alerts')))
  })

  const publishAlert = (userId: number, alert: Alert) =>
    void publisher.trigger(CHANNELS.trade(userId), ALERT_EVENTS.UPDATED, alert)

  /** The push of one fired alert: what reaches a customer with every tab closed. */
  const pushOf = (alert: WatchedAlert, message: string) => ({
    title: ALERT_MESSAGES.NOTIFICATION_TITLE,
    body: message,
    tag: `alert-${alert.alertId}`,
    // The workspace opens on the asset of ?asset= (a feed id).
    url: `/mt4?asset=${encodeURIComponent(alert.feedId)}`,
    asset_id: alert.feedId,
  })

  /**
   * Fires the alerts one tick batch reached: one conditional UPDATE claims those still active (another leader's or a
   * cancel's are left out), one read finds their owners' devices, the pushes are queued, then each customer's
   * notification is stored and published. The pushes go first and wait for no per-alert statement.
   */
  async function fire(fired: readonly FiredAlert[]): Promise<void> {
    const at = now()
    const rows = await repos.alerts.trigger(
      fired.map(({ alert, bidQuote }) => ({ alertId: alert.alertId, bidQuote })),
      at,
    )
    if (rows.length === 0) return
    const byId = new Map(fired.map((entry) => [entry.alert.alertId, entry]))
    const claimed = rows.flatMap((row) => {
      const entry = byId.get(row.id)
      if (!entry) return []
      const { alert, bidQuote } = entry
      const message = alertFiredMessage(
        alert.symbolDisplay,
        alert.condition,
        alert.priceQuote,
        bidQuote,
        row.note,
      )
      return [{ row, alert, message }]
    })
    const push = deps.push
    if (push) {
      const subscriptions = await repos.pushSubscriptions.ofUsers([
        ...new Set(claimed.map(({ alert }) => alert.userId)),
      ])
      for (const { alert, message } of claimed) {
        push.enqueue({
          userId: alert.userId,
          payload: pushOf(alert, message) satisfies PushPayload,
          options: { ttlSeconds: ALERT_PUSH_TTL_SECONDS, urgency: 'high' },
          targets: subscriptions.filter(({ userId }) => userId === alert.userId),
        })
      }
    }
    for (const { row, alert, message } of claimed) {
      log.info({ alertId: alert.alertId, userId: alert.userId }, 'price alert fired')
      const stored = await repos.notifications.create(
        { userId: alert.userId, title: ALERT_MESSAGES.NOTIFICATION_TITLE, message, color: 'info' },
        at,
      )
      if (stored) publishNotification(publisher, stored)
      publishAlert(alert.userId, toAlertJson(row, { feedId: alert.feedId, symbol: alert.symbol }))
    }
  }

  function onTicks(ticks: readonly LivePriceUpdate[]): void {
    // Every instance sees the same ticks; one acts on them.
    if (!leader.isLeader || book.size === 0) return
    const fired = book.take(ticks, now().getTime())
    if (fired.length === 0) return
    run(
      fire(fired).catch((error: unknown) => {
        // Watched again, so the next tick that still reaches them retries (a claimed one is not claimed twice).
        for (const { alert } of fired) book.add(alert)
        log.error({ err: errorOf(error), alerts: fired.length }, 'could not fire price alerts')
      }),
    )
  }
  let unsubscribe: (() => void) | undefined = prices.onTicks(onTicks)

  return {
    /** Alerts the book holds (for logs and tests). */
    get size() {
      return book.size
    },

    load,

    /** POST /alerts: the request is schema-valid. */
    async create(user: UserRow, request: CreateAlertRequest): Promise<AlertResult> {
      const asset = await repos.alerts.assetOf(request.id)
      if (!asset) return refuse(404, ALERT_MESSAGES.ASSET_NOT_FOUND)
      const at = now()
      const expiresAt = request.expires_at === null ? null : new Date(request.expires_at)
      if (expiresAt !== null && expiresAt.getTime() <= at.getTime())
        return refuse(422, ALERT_MESSAGES.EXPIRY_PASSED, 'expires_at')
      const rate = prices.current(asset.feedId)?.price
      if (rate === undefined) return refuse(422, ALERT_MESSAGES.NO_PRICE)
      const bidQuote = quoteAt(asset, rate).sell_price
      if (alertReached(request.condition, request.price, bidQuote)) {
        return refuse(422, `The price is already ${request.condition} ${formatQuote(request.price)}`, 'price')
      }
      const note = request.note?.trim() || null
      const result = await repos.alerts.create(
        {
          userId: user.id,
          assetId: asset.id,
          condition: request.condition,
          priceQuote: request.price,
          note,
          expiresAt,
          now: at,
        },
        MAX_ACTIVE_ALERTS,
      )
      if (result.kind === 'too_many') return refuse(422, ALERT_MESSAGES.TOO_MANY)
      watch(watchedAlert({ alert: result.alert, asset }))
      const alert = toAlertJson(result.alert, asset)
      publishAlert(user.id, alert)
      return { ok: true, statusCode: 201, message: ALERT_MESSAGES.CREATED, alert }
    },

    /** GET /alerts: newest first. */
    async list(userId: number): Promise<Alert[]> {
      return (await repos.alerts.listOwned(userId)).map(({ alert, asset }) => toAlertJson(alert, asset))
    },

    /** DELETE /alerts/{id}: another customer's alert answers as a missing one. */
    async cancel(userId: number, alertId: number): Promise<AlertResult> {
      const result = await repos.alerts.cancel(userId, alertId, now())
      if (result.kind === 'not_found') return refuse(404, ALERT_MESSAGES.NOT_FOUND)
      if (result.kind === 'not_active') return refuse(409, ALERT_MESSAGES.NOT_ACTIVE)
      unwatch(alertId)
      const asset = await repos.alerts.assetOf(result.alert.assetId)
      const alert = toAlertJson(result.alert, asset ?? { feedId: '', symbol: '' })
      publishAlert(userId, alert)
      return { ok: true, statusCode: 200, message: ALERT_MESSAGES.CANCELLED, alert }
    },

    /** Expires the alerts whose time has come, quietly (no notification); the leader's, once a second. */
    async expireDue(): Promise<void> {
      if (!leader.isLeader || !book.hasDue(now().getTime())) return
      try {
        for (const expired of await repos.alerts.expireDue(now())) unwatch(expired.id)
      } catch (error) {
        log.error({ err: errorOf(error) }, 'could not expire price alerts')
      }
    },

    /** Resolves once the fires under way have finished (tests wait on it after a tick). */
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
