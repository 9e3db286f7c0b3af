// A client's pending orders and order history on the back office's client page, and staff cancelling a pending one
// (decision 0017; the orders themselves are decision 0034's). The lists are the customer's own GET /orders pages. A
// staff cancel ends the order as the customer's DELETE /orders/{id} does (the same conditional UPDATE, so it can
// never touch an order that has filled; `order.updated` on the customer's trade channel and client.updated on the
// admins'), with reason 'staff', the audit row in its transaction, and a notification that tells the customer why.
// After the commit the pending book (server/trading/pending-orders.ts) stops watching the order on every instance,
// as after the customer's cancel: the leader can never fill it, and its expiry job no longer looks for it.
import {
  API_PREFIX,
  AUDIT_ACTIONS,
  ORDER_MESSAGES,
  ORDERS_PAGE_SIZE,
  type Order,
  type OrdersPage,
} from '../../src/domain/contract'
import { orderReference } from '../../src/domain/trading/trade-reference'
import type { Db } from '../db/client'
import type { OrderRequests } from '../trading/order-requests'
import type { Publisher } from '../realtime/publisher'
import { publishNotification } from '../realtime/user-events'
import type { Repositories } from '../repositories'
import { recordAudit, type AuditActor } from '../repositories/audit'
import { cancelByStaff, type PendingOrder } from '../repositories/orders'
import { formatPrice } from '../trading/pricing'
import { refuse, type Refusal } from '../trading/results'
import { publishOrderChange } from '../trading/trade-events'
import { toOrderJson } from '../trading/views'

export type ClientOrderResult = { ok: true; message: string; order: Order } | Refusal

export interface ClientOrdersDependencies {
  db: Db
  repos: Repositories
  publisher: Publisher
  now: () => Date
  /** The trading desk's orders (`app.orders`): the staff cancel unwatches the order in the pending book. */
  orders: Pick<OrderRequests, 'unwatch'>
}

export type ClientOrders = ReturnType<typeof createClientOrders>

/** The customer's notification: which order, that staff cancelled it, and the reason staff gave. */
export function staffCancelMessage({ order, asset }: PendingOrder, reason: string): string {
  return (
    `Your ${asset.symbol} ${order.side} ${order.orderType} order ${orderReference(order.id)} at ` +
    `${formatPrice(order.price)} was cancelled by our staff: ${reason}`
  )
}

export function createClientOrders(deps: ClientOrdersDependencies) {
  const { db, repos, publisher, now, orders } = deps

  return {
    /** GET /admin/users/{id}/orders: the customer's GET /orders page of this client; undefined: no such user. */
    async page(userId: number, list: 'pending' | 'history', page: number): Promise<OrdersPage | undefined> {
      if (!(await repos.users.findById(userId))) return undefined
      const { orders, total } = await repos.orders.page(userId, list, page, ORDERS_PAGE_SIZE)
      const lastPage = Math.max(1, Math.ceil(total / ORDERS_PAGE_SIZE))
      const next = `${API_PREFIX}/admin/users/${userId}/orders?status=${list}&page=${page + 1}`
      return {
        data: orders.map(toOrderJson),
        meta: { current_page: page, last_page: lastPage, per_page: ORDERS_PAGE_SIZE, total },
        links: { next: page < lastPage ? next : null },
      }
    },

    /**
     * POST /admin/users/{id}/orders/{orderId}/cancel: a pending order of this client's only (another client's is
     * 404, as it is to the customer), refused as the customer's cancel refuses an order that has ended (409).
     */
    async cancel(
      actor: AuditActor,
      userId: number,
      orderId: number,
      reason: string,
    ): Promise<ClientOrderResult> {
      const result = await cancelByStaff(db, { userId, orderId, now: now() }, (tx, cancelled) =>
        recordAudit(tx, actor, {
          action: AUDIT_ACTIONS.ORDER_CANCELLED,
          targetUserId: userId,
          before: { status: 'pending' },
          // `order_id` for a query by order; the reference and the asset for people reading the trail.
          after: {
            status: cancelled.order.status,
            order: orderReference(cancelled.order.id),
            asset: cancelled.asset.symbol,
            order_id: cancelled.order.id,
          },
          reason,
        }),
      )
      if (result.kind === 'not_found') return refuse(404, ORDER_MESSAGES.ORDER_NOT_FOUND)
      if (result.kind === 'not_pending') return refuse(409, ORDER_MESSAGES.NOT_PENDING)
      if (result.kind === 'refused') return refuse(422, result.message)
      orders.unwatch(result.order.asset.feedId, result.order.order.id)
      const order = toOrderJson(result.order)
      publishOrderChange(publisher, userId, order)
      // Stored, then pushed, as an order the server cancels at its fill is told (decision 0034).
      const stored = await repos.notifications.create(
        {
          userId,
          title: ORDER_MESSAGES.CANCELLED,
          message: staffCancelMessage(result.order, reason),
          color: 'danger',
        },
        now(),
      )
      if (stored) publishNotification(publisher, stored)
      return { ok: true, message: ORDER_MESSAGES.CANCELLED, order }
    },
  }
}
