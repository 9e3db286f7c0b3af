// Pending orders (decision 0034). Each change is one transaction or one conditional UPDATE, so that what decides who
// wins is the database, whichever instance or request races:
// - place: under the customer's row lock, as a market order opens: a retried Idempotency-Key finds the first order,
//   and the free margin is checked against the account as it is;
// - fill: under the same lock, the order still pending is read, the account checked again, the position written
//   through the trade repository's own insert, and `status = 'pending'` turned into 'filled' by a conditional UPDATE:
//   a second fill of the same order (another leader, a retry) finds nothing to do;
// - modify, cancel and expire: `WHERE status = 'pending'`, so none of them can touch an order that has filled.
import { and, asc, desc, eq, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm'
import type { OrderReason, OrderType, TradeSide } from '../../src/domain/contract'
import type { Db } from '../db/client'
import { assets, orders, trades } from '../db/schema'
import type { AuditExecutor } from './audit'
import {
  insertPosition,
  lockAccountForOpening,
  selectPositions,
  type AccountForOpening,
  type NewPosition,
  type Position,
  type PositionAsset,
} from './trades'

export type OrdersRepository = ReturnType<typeof createOrdersRepository>
export type OrderRow = typeof orders.$inferSelect

export interface PendingOrder {
  order: OrderRow
  asset: PositionAsset
}

export interface NewOrder {
  userId: number
  assetId: number
  side: TradeSide
  orderType: OrderType
  priceQuote: number
  volumeLots: number
  volumeUnits: number
  takeProfitQuote: number
  stopLossQuote: number
  trailingStopQuote: number
  expiresAt: Date | null
  idempotencyKey: string
  requestHash: string
  now: Date
}

export type OrderChanges = Partial<
  Pick<
    NewOrder,
    | 'priceQuote'
    | 'volumeLots'
    | 'volumeUnits'
    | 'takeProfitQuote'
    | 'stopLossQuote'
    | 'trailingStopQuote'
    | 'expiresAt'
  >
>

/** Why an account cannot take a fill: its reason is kept on the order, its message told to the customer. */
export interface AccountRefusal {
  reason: Extract<OrderReason, 'insufficient_margin' | 'account_inactive'>
  message: string
}

export type PlaceResult =
  | { kind: 'placed'; order: PendingOrder }
  | { kind: 'existing'; order: PendingOrder }
  | { kind: 'refused'; message: string }

export type ChangeResult =
  | { kind: 'changed'; order: PendingOrder }
  | { kind: 'not_pending'; order: PendingOrder }
  | { kind: 'not_found' }
  | { kind: 'refused'; message: string }

export type FillResult =
  | { kind: 'filled'; order: PendingOrder; position: Position }
  | { kind: 'cancelled'; order: PendingOrder; refusal: AccountRefusal }
  /** Filled, cancelled or expired already: somebody else got there first. */
  | { kind: 'gone' }

type Executor = Pick<Db, 'select'>

/** Rolls back a fill whose conditional UPDATE found the order no longer pending. */
class FillLost extends Error {}

const orderColumns = {
  order: orders,
  asset: {
    feedId: assets.assetId,
    symbol: assets.symbol,
    name: assets.name,
    type: assets.type,
    buySpread: assets.buySpread,
    sellSpread: assets.sellSpread,
  },
}

function selectOrders(executor: Executor, where: SQL | undefined) {
  return executor
    .select(orderColumns)
    .from(orders)
    .innerJoin(assets, eq(assets.id, orders.assetId))
    .where(where)
}

async function readBack(executor: Executor, orderId: number): Promise<PendingOrder> {
  const [row] = await selectOrders(executor, eq(orders.id, orderId))
  if (!row) throw new Error(`order ${orderId} could not be read back`)
  return row
}

const ownOrder = (userId: number, orderId: number) => and(eq(orders.id, orderId), eq(orders.userId, userId))
const isPending = eq(orders.status, 'pending')

export function createOrdersRepository(db: Db) {
  /** Which of the two refusals a change that found no pending order owned by `userId` gets. */
  async function missingOrNotPending(userId: number, orderId: number): Promise<ChangeResult> {
    const [row] = await selectOrders(db, ownOrder(userId, orderId))
    return row ? { kind: 'not_pending', order: row } : { kind: 'not_found' }
  }

  return {
    async findOwned(userId: number, orderId: number): Promise<PendingOrder | undefined> {
      const [row] = await selectOrders(db, ownOrder(userId, orderId))
      return row
    },

    async findByIdempotencyKey(userId: number, key: string): Promise<PendingOrder | undefined> {
      const [row] = await selectOrders(db, and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)))
      return row
    },

    async findPending(orderId: number): Promise<PendingOrder | undefined> {
      const [row] = await selectOrders(db, and(eq(orders.id, orderId), isPending))
      return row
    },

    /**
     * Places the order unless `check` refuses, under the customer's row lock. A key seen before answers the order
     * it placed, also when the first request is still in flight (the lock makes the duplicate wait) or on another
     * instance (the unique index on (user_id, idempotency_key) backs the lock up).
     */
    async place(
      order: NewOrder,
      check: (account: AccountForOpening) => string | undefined,
    ): Promise<PlaceResult> {
      return db.transaction(async (tx) => {
        const account = await lockAccountForOpening(tx, order.userId)
        if (!account) return { kind: 'refused', message: 'Your account no longer exists.' }
        const ownKey = and(eq(orders.userId, order.userId), eq(orders.idempotencyKey, order.idempotencyKey))
        const [existing] = await selectOrders(tx, ownKey)
        if (existing) return { kind: 'existing', order: existing }
        const refusal = check(account)
        if (refusal !== undefined) return { kind: 'refused', message: refusal }

        const [inserted] = await tx
          .insert(orders)
          .values({
            userId: order.userId,
            assetId: order.assetId,
            side: order.side,
            orderType: order.orderType,
            price: order.priceQuote,
            volumeLots: order.volumeLots,
            volumeUnits: order.volumeUnits,
            takeProfit: order.takeProfitQuote,
            stopLoss: order.stopLossQuote,
            trailingStop: order.trailingStopQuote,
            expiresAt: order.expiresAt,
            idempotencyKey: order.idempotencyKey,
            requestHash: order.requestHash,
            createdAt: order.now,
          })
          .onConflictDoNothing({ target: [orders.userId, orders.idempotencyKey] })
          .returning({ id: orders.id })
        const [created] = await selectOrders(tx, inserted ? eq(orders.id, inserted.id) : ownKey)
        if (!created) throw new Error('the order just written could not be read back')
        return { kind: inserted ? 'placed' : 'existing', order: created }
      })
    },

    /** Changes a pending order of the customer's, unless `check` refuses the account it would then need. */
    async modify(
      userId: number,
      orderId: number,
      changes: OrderChanges,
      check: (account: AccountForOpening) => string | undefined,
    ): Promise<ChangeResult> {
      const result = await db.transaction(async (tx): Promise<ChangeResult | undefined> => {
        const account = await lockAccountForOpening(tx, userId)
        if (!account) return { kind: 'not_found' }
        const refusal = check(account)
        if (refusal !== undefined) return { kind: 'refused', message: refusal }
        const [updated] = await tx
          .update(orders)
          .set({
            ...(changes.priceQuote === undefined ? {} : { price: changes.priceQuote }),
            ...(changes.volumeLots === undefined ? {} : { volumeLots: changes.volumeLots }),
            ...(changes.volumeUnits === undefined ? {} : { volumeUnits: changes.volumeUnits }),
            ...(changes.takeProfitQuote === undefined ? {} : { takeProfit: changes.takeProfitQuote }),
            ...(changes.stopLossQuote === undefined ? {} : { stopLoss: changes.stopLossQuote }),
            ...(changes.trailingStopQuote === undefined ? {} : { trailingStop: changes.trailingStopQuote }),
            ...(changes.expiresAt === undefined ? {} : { expiresAt: changes.expiresAt }),
          })
          .where(and(ownOrder(userId, orderId), isPending))
          .returning({ id: orders.id })
        return updated ? { kind: 'changed', order: await readBack(tx, updated.id) } : undefined
      })
      return result ?? missingOrNotPending(userId, orderId)
    },

    /** Ends a pending order of the customer's without a fill. */
    async cancel(userId: number, orderId: number, reason: OrderReason, now: Date): Promise<ChangeResult> {
      const [updated] = await db
        .update(orders)
        .set({ status: reason === 'expired' ? 'expired' : 'cancelled', reason, closedAt: now })
        .where(and(ownOrder(userId, orderId), isPending))
        .returning({ id: orders.id })
      if (!updated) return missingOrNotPending(userId, orderId)
      return { kind: 'changed', order: await readBack(db, updated.id) }
    },

    /** Expires every pending order whose expiry has passed, in one statement; the orders it expired. */
    async expireDue(now: Date): Promise<PendingOrder[]> {
      const expired = await db
        .update(orders)
        .set({ status: 'expired', reason: 'expired', closedAt: now })
        .where(and(isPending, isNotNull(orders.expiresAt), lte(orders.expiresAt, now)))
        .returning({ id: orders.id })
      if (expired.length === 0) return []
      return selectOrders(
        db,
        inArray(
          orders.id,
          expired.map((row) => row.id),
        ),
      )
    },

    /**
     * Fills a pending order with the position `position` describes (its orderId set), unless `check` refuses the
     * account, in which case the order is cancelled with the refusal's reason. All under the customer's row lock.
     */
    async fill(
      orderId: number,
      position: NewPosition,
      check: (account: AccountForOpening) => AccountRefusal | undefined,
    ): Promise<FillResult> {
      try {
        return await db.transaction(async (tx): Promise<FillResult> => {
          const account = await lockAccountForOpening(tx, position.userId)
          const [pending] = await selectOrders(tx, and(ownOrder(position.userId, orderId), isPending))
          if (!account || !pending) return { kind: 'gone' }
          const refusal = check(account)
          if (refusal !== undefined) {
            const [cancelled] = await tx
              .update(orders)
              .set({ status: 'cancelled', reason: refusal.reason, closedAt: position.now })
              .where(and(eq(orders.id, orderId), isPending))
              .returning({ id: orders.id })
            if (!cancelled) throw new FillLost()
            return { kind: 'cancelled', order: await readBack(tx, orderId), refusal }
          }
          const tradeId = await insertPosition(tx, { ...position, orderId })
          if (tradeId === undefined) throw new FillLost()
          // The "once": whoever else tried to end this order since it was read, only one UPDATE finds it pending.
          const [filled] = await tx
            .update(orders)
            .set({ status: 'filled', tradeId, closedAt: position.now })
            .where(and(eq(orders.id, orderId), isPending))
            .returning({ id: orders.id })
          if (!filled) throw new FillLost()
          const [opened] = await selectPositions(tx, eq(trades.id, tradeId))
          if (!opened) throw new Error('the position just filled could not be read back')
          return { kind: 'filled', order: await readBack(tx, orderId), position: opened }
        })
      } catch (error) {
        if (error instanceof FillLost) return { kind: 'gone' }
        throw error
      }
    },

    /** Every pending order: what the leader watches when it starts leading. */
    async pending(): Promise<PendingOrder[]> {
      return selectOrders(db, isPending).orderBy(asc(orders.id))
    },

    /** One page of the customer's pending orders (newest first) or history (last ended first), and the total. */
    async page(
      userId: number,
      list: 'pending' | 'history',
      page: number,
      perPage: number,
    ): Promise<{ orders: PendingOrder[]; total: number }> {
      const where = and(
        eq(orders.userId, userId),
        list === 'pending' ? isPending : sql`${orders.status} <> 'pending'`,
      )
      const order =
        list === 'pending'
          ? [desc(orders.createdAt), desc(orders.id)]
          : [desc(orders.closedAt), desc(orders.id)]
      const [rows, total] = await Promise.all([
        selectOrders(db, where)
          .orderBy(...order)
          .limit(perPage)
          .offset((page - 1) * perPage),
        db.$count(orders, where),
      ])
      return { orders: rows, total }
    },
  }
}

/**
 * Ends a pending order of `userId`'s on a member of staff's word (decision 0017): the customer's cancel's own
 * conditional UPDATE, with reason 'staff', and `record` (the audit row) in its transaction, so the cancel and its
 * row commit or roll back together. Another customer's order is not found; one that has ended is not pending.
 */
export async function cancelByStaff(
  db: Db,
  change: { userId: number; orderId: number; now: Date },
  record: (tx: AuditExecutor, order: PendingOrder) => Promise<void>,
): Promise<ChangeResult> {
  return db.transaction(async (tx): Promise<ChangeResult> => {
    const [updated] = await tx
      .update(orders)
      .set({ status: 'cancelled', reason: 'staff', closedAt: change.now })
      .where(and(ownOrder(change.userId, change.orderId), isPending))
      .returning({ id: orders.id })
    if (!updated) {
      const [row] = await selectOrders(tx, ownOrder(change.userId, change.orderId))
      return row ? { kind: 'not_pending', order: row } : { kind: 'not_found' }
    }
    const order = await readBack(tx, updated.id)
    await record(tx, order)
    return { kind: 'changed', order }
  })
}
