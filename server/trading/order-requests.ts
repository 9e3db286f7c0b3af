// The customer's side of pending orders (decision 0034): place one, change it, cancel it, page through them. Each
// order is checked as a market order is (account status, lots, the margin at its price against the free margin
// now) and by the rules of its kind: a buy limit below the ask, a buy stop above it, a sell limit above the bid, a
// sell stop below it; its take-profit and stop-loss on the right sides of its price; an expiry in the future. The
// leader's side (fills, expiries) is pending-orders.ts.
import {
  API_PREFIX,
  ORDER_MESSAGES,
  ORDERS_PAGE_SIZE,
  type Asset,
  type ModifyOrderRequest,
  type Order,
  type OrdersPage,
  type OrderType,
  type PlaceOrderRequest,
  type TradeSide,
} from '../../src/domain/contract'
import {
  levelSideErrors,
  ORDER_LEVEL_RULES,
  orderLevelFits,
  triggerPriceQuote,
} from '../../src/domain/trading/order-rules'
import type { Publisher } from '../realtime/publisher'
import type { Repositories } from '../repositories'
import type { ChangeResult, PendingOrder } from '../repositories/orders'
import type { UserRow } from '../repositories/users'
import type { TradeEngine } from './engine'
import type { MarketMarks } from './market-marks'
import type { PendingOrders } from './pending-orders'
import { formatPrice } from './pricing'
import {
  fieldsRefused,
  levelOutOfRange,
  lotsOfVolume,
  noPriceMessage,
  orderHash,
  refuse,
  TRADE_MESSAGES,
  unitsOfLots,
  type FieldErrors,
  type Refusal,
} from './results'
import { publishOrderChange } from './trade-events'
import { toOrderJson } from './views'

export type OrderResult = { ok: true; statusCode: 200 | 201; message: string; order: Order } | Refusal

export interface OrderRequestsDependencies {
  repos: Repositories
  publisher: Publisher
  now: () => Date
  engine: Pick<TradeEngine, 'opener'>
  marks: MarketMarks
  pending: Pick<PendingOrders, 'watch' | 'unwatch'>
}

/** An order's terms as they would stand, checked together. */
interface OrderTerms {
  side: TradeSide
  type: OrderType
  priceQuote: number
  volumeUnits: number
  takeProfitQuote: number
  stopLossQuote: number
  trailingStopQuote: number
  expiresAt: Date | null
}

export type OrderRequests = ReturnType<typeof createOrderRequests>

export function createOrderRequests(deps: OrderRequestsDependencies) {
  const { repos, publisher, now, engine, marks, pending } = deps

  /** The order's lots, or the refusal that names every field that is wrong. */
  function checkTerms(asset: Asset, terms: OrderTerms): number | Refusal {
    const errors: FieldErrors = {}
    const lots = lotsOfVolume(terms.volumeUnits, asset.contract_size)
    if (typeof lots === 'string') errors.volume = [lots]
    const levels = {
      price: terms.priceQuote,
      take_profit: terms.takeProfitQuote,
      stop_loss: terms.stopLossQuote,
      trailing_stop: terms.trailingStopQuote,
    }
    for (const [field, level] of Object.entries(levels)) {
      if (levelOutOfRange(level)) errors[field] = ['This is not a possible price.']
    }
    const quote = marks.quoteOf(asset.asset_id, {
      buySpread: asset.buy_spread,
      sellSpread: asset.sell_spread,
    })
    if (!quote) return refuse(422, noPriceMessage(asset.symbol))
    if (!errors.price && !orderLevelFits(terms.side, terms.type, terms.priceQuote, quote)) {
      const market = formatPrice(triggerPriceQuote(terms.side, quote))
      errors.price = [`${ORDER_LEVEL_RULES[terms.side][terms.type]} (${market}).`]
    }
    const sides = errors.price
      ? {}
      : levelSideErrors(
          terms.side,
          { take_profit: terms.takeProfitQuote, stop_loss: terms.stopLossQuote },
          terms.priceQuote,
          'the order price',
          formatPrice(terms.priceQuote),
        )
    if (terms.side === 'buy' && terms.trailingStopQuote >= terms.priceQuote) {
      errors.trailing_stop = [
        `Trailing stop must be less than the order price (${formatPrice(terms.priceQuote)}).`,
      ]
    }
    if (terms.expiresAt !== null && terms.expiresAt.getTime() <= now().getTime()) {
      errors.expires_at = [ORDER_MESSAGES.EXPIRY_PASSED]
    }
    return fieldsRefused({ ...errors, ...sides }) ?? (lots as number)
  }

  /** The free-margin check of a market order of this size at the order's price, under the customer's lock. */
  async function marginCheck(userId: number, asset: Asset, terms: OrderTerms) {
    const marginUsd = await engine.opener.marginUsd(userId, asset, terms.volumeUnits, terms.priceQuote)
    return (account: Parameters<typeof engine.opener.refusalFor>[0]) =>
      engine.opener.refusalFor(account, marginUsd)?.message
  }

  function answerChange(userId: number, result: ChangeResult, message: string): OrderResult {
    if (result.kind === 'not_found') return refuse(404, ORDER_MESSAGES.ORDER_NOT_FOUND)
    if (result.kind === 'not_pending') return refuse(409, ORDER_MESSAGES.NOT_PENDING)
    if (result.kind === 'refused') return refuse(422, result.message)
    const order = toOrderJson(result.order)
    publishOrderChange(publisher, userId, order)
    return { ok: true, statusCode: 200, message, order }
  }

  return {
    /**
     * Stops watching an order that ended outside the customer's own calls (a staff cancel, decision 0017), on every
     * instance, so the leader's book can never fill it nor keep its expiry job running for it.
     */
    unwatch: (feedId: string, orderId: number) => pending.unwatch(feedId, orderId),

    /** POST /orders: the request is already schema-valid; `idempotencyKey` is the validated header. */
    async place(user: UserRow, request: PlaceOrderRequest, idempotencyKey: string): Promise<OrderResult> {
      const requestHash = orderHash(request)
      /** The first answer again for the same order; a different order under a used key is refused. */
      const replayOf = ({ order, asset }: PendingOrder): OrderResult =>
        order.requestHash === requestHash
          ? {
              ok: true,
              statusCode: 200,
              message: ORDER_MESSAGES.PLACED,
              order: toOrderJson({ order, asset }),
            }
          : refuse(422, TRADE_MESSAGES.KEY_REUSED, 'Idempotency-Key')
      const replay = await repos.orders.findByIdempotencyKey(user.id, idempotencyKey)
      if (replay) return replayOf(replay)

      const asset = await engine.opener.tradableAsset(user, request.id)
      if ('ok' in asset) return asset

      const terms: OrderTerms = {
        side: request.type,
        type: request.order_type,
        priceQuote: request.price,
        volumeUnits: request.volume,
        takeProfitQuote: request.take_profit,
        stopLossQuote: request.stop_loss,
        trailingStopQuote: request.trailing_stop,
        expiresAt: request.expires_at === null ? null : new Date(request.expires_at),
      }
      const lots = checkTerms(asset, terms)
      if (typeof lots !== 'number') return lots
      const result = await repos.orders.place(
        {
          userId: user.id,
          assetId: asset.id,
          side: terms.side,
          orderType: terms.type,
          priceQuote: terms.priceQuote,
          volumeLots: lots,
          volumeUnits: unitsOfLots(lots, asset.contract_size),
          takeProfitQuote: terms.takeProfitQuote,
          stopLossQuote: terms.stopLossQuote,
          trailingStopQuote: terms.trailingStopQuote,
          expiresAt: terms.expiresAt,
          idempotencyKey,
          requestHash,
          now: now(),
        },
        await marginCheck(user.id, asset, terms),
      )
      if (result.kind === 'refused') return refuse(422, result.message)
      if (result.kind === 'existing') return replayOf(result.order)
      pending.watch(result.order)
      const order = toOrderJson(result.order)
      publishOrderChange(publisher, user.id, order)
      return { ok: true, statusCode: 201, message: ORDER_MESSAGES.PLACED, order }
    },

    /** PATCH /orders/{id}: the order as it would stand is checked whole, as a new one would be. */
    async modify(userId: number, orderId: number, changes: ModifyOrderRequest): Promise<OrderResult> {
      const current = await repos.orders.findOwned(userId, orderId)
      if (!current) return refuse(404, ORDER_MESSAGES.ORDER_NOT_FOUND)
      if (current.order.status !== 'pending') return refuse(409, ORDER_MESSAGES.NOT_PENDING)
      const { order } = current
      const asset = await repos.assets.findByIdOrAssetId(String(order.assetId))
      if (!asset) return refuse(404, TRADE_MESSAGES.ASSET_NOT_FOUND)
      const expiresAt =
        changes.expires_at === undefined || changes.expires_at === null
          ? changes.expires_at
          : new Date(changes.expires_at)
      const terms: OrderTerms = {
        side: order.side,
        type: order.orderType,
        priceQuote: changes.price ?? order.price,
        volumeUnits: changes.volume ?? order.volumeUnits,
        takeProfitQuote: changes.take_profit ?? order.takeProfit,
        stopLossQuote: changes.stop_loss ?? order.stopLoss,
        trailingStopQuote: changes.trailing_stop ?? order.trailingStop,
        // An expiry already passed but not yet acted on is the expiry's business, not a reason to refuse a change.
        expiresAt: expiresAt === undefined ? null : expiresAt,
      }
      const lots = checkTerms(asset, terms)
      if (typeof lots !== 'number') return lots
      const result = await repos.orders.modify(
        userId,
        orderId,
        {
          priceQuote: terms.priceQuote,
          volumeLots: lots,
          volumeUnits: unitsOfLots(lots, asset.contract_size),
          takeProfitQuote: terms.takeProfitQuote,
          stopLossQuote: terms.stopLossQuote,
          trailingStopQuote: terms.trailingStopQuote,
          ...(expiresAt === undefined ? {} : { expiresAt }),
        },
        await marginCheck(userId, asset, terms),
      )
      if (result.kind === 'changed') pending.watch(result.order)
      return answerChange(userId, result, ORDER_MESSAGES.MODIFIED)
    },

    /** DELETE /orders/{id}: a pending order of the customer's, cancelled; anything else 404 or 409. */
    async cancel(userId: number, orderId: number): Promise<OrderResult> {
      const result = await repos.orders.cancel(userId, orderId, 'user', now())
      if (result.kind === 'changed') pending.unwatch(result.order.asset.feedId, orderId)
      return answerChange(userId, result, ORDER_MESSAGES.CANCELLED)
    },

    /** GET /orders?status=pending|history&page=, shaped as the trades pages. */
    async page(userId: number, list: 'pending' | 'history', page: number): Promise<OrdersPage> {
      const { orders, total } = await repos.orders.page(userId, list, page, ORDERS_PAGE_SIZE)
      const lastPage = Math.max(1, Math.ceil(total / ORDERS_PAGE_SIZE))
      return {
        data: orders.map(toOrderJson),
        meta: { current_page: page, last_page: lastPage, per_page: ORDERS_PAGE_SIZE, total },
        links: { next: page < lastPage ? `${API_PREFIX}/orders?status=${list}&page=${page + 1}` : null },
      }
    },
  }
}
