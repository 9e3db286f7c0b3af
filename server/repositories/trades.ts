// Positions and the ledger (docs/product/data-model.md#trade). Opening and closing are one transaction each; the
// trade engine (server/trading) decides prices and refusals, this file only makes them durable and race-free:
// - open: the customer's row is locked, so two orders of one customer are checked against the free margin one after
//   the other, and a retried Idempotency-Key finds the first position instead of opening a second;
// - close: one conditional UPDATE (status 'open' to 'closed') decides who closes, the user or a take-profit or
//   stop-loss or the stop-out, and the realised P/L is computed, added to the balance and booked in numeric, never
//   through a float; a balance the account's last open position leaves below zero is credited back to zero
//   (negative balance protection, decision 0015).
import { randomUUID } from 'node:crypto'
import {
  and,
  asc,
  desc,
  eq,
  gt,
  inArray,
  lt,
  notExists,
  or,
  sql,
  type AnyColumn,
  type Placeholder,
  type SQL,
} from 'drizzle-orm'
import { TRADE_LIMITS, type CloseReason, type TradeSide } from '../../src/domain/contract'
import type { Db } from '../db/client'
import { inTransaction } from '../db/prepared-queries'
import { assets, ledgerEntries, trades, users } from '../db/schema'
import type { UserRow } from './users'

export type TradesRepository = ReturnType<typeof createTradesRepository>
export type TradeRow = typeof trades.$inferSelect
export type { CloseReason }

/** An account with open positions, as the stop-out check reads it. */
export interface OpenAccount {
  userId: number
  /** numeric(18,2) as text. */
  balanceUsd: string
  openPositions: Position[]
}

/** The asset fields a position's view and pricing need. */
export interface PositionAsset {
  /** The price feed's id (Asset.asset_id). */
  feedId: string
  symbol: string
  name: string
  type: (typeof assets.$inferSelect)['type']
  buySpread: number
  sellSpread: number
}

export interface Position {
  trade: TradeRow
  asset: PositionAsset
}

export interface NewPosition {
  userId: number
  assetId: number
  side: TradeSide
  volumeLots: number
  volumeUnits: number
  contractSize: number
  leverage: number
  openingPriceQuote: number
  takeProfitQuote: number
  stopLossQuote: number
  /** 0: no trailing stop. */
  trailingStopQuote: number
  /** numeric(18,2) as a string. */
  marginUsd: string
  /** The pending order this fill comes from (decision 0034); null for a market order. */
  orderId: number | null
  idempotencyKey: string
  /** sha256 of the validated order: a retry under the key must match it. */
  requestHash: string
  requested: Record<string, number>
  now: Date
}

/** A part of an open position to close at `closingPriceQuote` (decision 0034): the rest stays open under its id. */
export interface ClosePart {
  userId: number
  tradeId: number
  volumeLots: number
  volumeUnits: number
  closingPriceQuote: number
  now: Date
}

export type ClosePartResult =
  | { kind: 'closed'; part: Position; remainder: Position }
  | { kind: 'already_closed' }
  | { kind: 'not_found' }
  /** The remainder would be under the minimum volume: the position has changed since it was read. */
  | { kind: 'too_small' }

/** An open position's levels as its owner sets them; undefined leaves one as it is. */
export interface LevelChanges {
  takeProfitQuote?: number
  stopLossQuote?: number
  trailingStopQuote?: number
}

/** What the engine's check sees, read under the customer's row lock. */
export interface AccountForOpening {
  status: UserRow['status']
  /** numeric(18,2) as a string. */
  balanceUsd: string
  openPositions: Position[]
}

export type OpenResult =
  | { kind: 'opened'; position: Position }
  | { kind: 'existing'; position: Position }
  | { kind: 'refused'; message: string }

export interface ClosePosition {
  userId: number
  tradeId: number
  closingPriceQuote: number
  reason: CloseReason
  now: Date
  /** The position's asset as the caller read it: the closed position is answered with it rather than read back. */
  asset?: PositionAsset
}

export type CloseResult =
  | { kind: 'closed'; position: Position; balanceAfterUsd: string }
  | { kind: 'already_closed' }
  | { kind: 'not_found' }

type Executor = Pick<Db, 'select'>
type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0]

const positionColumns = {
  trade: trades,
  asset: {
    feedId: assets.assetId,
    symbol: assets.symbol,
    name: assets.name,
    type: assets.type,
    buySpread: assets.buySpread,
    sellSpread: assets.sellSpread,
  },
}

export function selectPositions(executor: Executor, where: SQL | undefined) {
  return executor
    .select(positionColumns)
    .from(trades)
    .innerJoin(assets, eq(assets.id, trades.assetId))
    .where(where)
}

/**
 * The customer's open positions, read through `executor` (the cashier reads them inside its transaction, under the
 * customer's row lock, to know the free margin a withdrawal or a savings move may take).
 */
export function openPositionsOf(executor: Executor, userId: number): Promise<Position[]> {
  return selectPositions(executor, and(eq(trades.userId, userId), eq(trades.status, 'open')))
}

/**
 * The customer's row locked for the rest of the transaction, with the open positions: what an opening (a market
 * order or a pending order's fill) is checked against, one after the other per customer.
 */
export async function lockAccountForOpening(
  tx: Transaction,
  userId: number,
): Promise<AccountForOpening | undefined> {
  const [account] = await tx
    .select({ status: users.status, balanceUsd: users.balanceUsd })
    .from(users)
    .where(eq(users.id, userId))
    .for('update')
  if (!account) return undefined
  const openPositions = await selectPositions(tx, and(eq(trades.userId, userId), eq(trades.status, 'open')))
  return { ...account, openPositions }
}

function positionValues(position: NewPosition) {
  return {
    userId: position.userId,
    assetId: position.assetId,
    side: position.side,
    status: 'open' as const,
    volumeLots: position.volumeLots,
    volumeUnits: position.volumeUnits,
    contractSize: position.contractSize,
    leverage: position.leverage,
    openingPrice: position.openingPriceQuote,
    takeProfit: position.takeProfitQuote,
    stopLoss: position.stopLossQuote,
    trailingStop: position.trailingStopQuote,
    orderId: position.orderId,
    marginUsd: position.marginUsd,
    idempotencyKey: position.idempotencyKey,
    requestHash: position.requestHash,
    requested: position.requested,
    openedAt: position.now,
  }
}

/** Writes a new open position; undefined when its (user, key) already names one. */
export async function insertPosition(tx: Transaction, position: NewPosition): Promise<number | undefined> {
  const [inserted] = await tx
    .insert(trades)
    .values(positionValues(position))
    .onConflictDoNothing({ target: [trades.userId, trades.idempotencyKey] })
    .returning({ id: trades.id })
  return inserted?.id
}

/**
 * Books a closed position's realised P/L: the balance moved and its ledger row, in the close's transaction. One
 * statement: the ledger row is written from the balance the UPDATE returned, so the two cannot disagree.
 */
async function bookPnl(tx: Transaction, userId: number, tradeId: number, pnlUsd: string, now: Date) {
  const pnl = sql`cast(${pnlUsd} as numeric(18, 2))`
  const booked = await tx.execute(sql`
    with moved as (
      update ${users} set balance = balance + ${pnl} where id = cast(${userId} as integer) returning balance
    )
    insert into ${ledgerEntries} (user_id, kind, amount, balance_after, trade_id, created_at)
    select cast(${userId} as integer), 'trade_pnl', ${pnl}, moved.balance, cast(${tradeId} as integer),
      cast(${now.toISOString()} as timestamptz)
    from moved
    returning balance_after`)
  // PGlite and node-postgres both answer { rows }; numeric comes back as text on both.
  const [row] = (booked as unknown as { rows: { balance_after: string }[] }).rows
  if (!row) throw new Error(`user ${userId} vanished while closing trade ${tradeId}`)
  return row.balance_after
}

/** The asset fields of a position from the asset the engine priced it with (what selectPositions joins). */
export function positionAssetOf(asset: {
  asset_id: string
  symbol: string
  name: string
  type: PositionAsset['type']
  buy_spread: number
  sell_spread: number
}): PositionAsset {
  return {
    feedId: asset.asset_id,
    symbol: asset.symbol,
    name: asset.name,
    type: asset.type,
    buySpread: asset.buy_spread,
    sellSpread: asset.sell_spread,
  }
}

/** 'T' and seven digits, from the row id: a reference a person can read out on the phone. */
export { tradeReference } from '../../src/domain/trading/trade-reference'

/** Each insert's value, by its placeholder's name: the columns `positionValues` fills. */
const insertPlaceholders = Object.fromEntries(
  (
    [
      'userId',
      'assetId',
      'side',
      'volumeLots',
      'volumeUnits',
      'contractSize',
      'leverage',
      'openingPrice',
      'takeProfit',
      'stopLoss',
      'trailingStop',
      'orderId',
      'marginUsd',
      'idempotencyKey',
      'requestHash',
      'requested',
      'openedAt',
    ] as const
  ).map((name) => [name, sql.placeholder(name)]),
) as Record<Exclude<keyof ReturnType<typeof positionValues>, 'status'>, Placeholder>

/**
 * The order path's statements, built once with placeholders (decision 0035: Drizzle builds a statement's SQL anew on
 * every call, which cost as much as running it). Those inside a transaction run through `inTransaction`.
 */
function preparedStatements(db: Db) {
  const { placeholder } = sql
  const closingPrice = sql`cast(${placeholder('closingPrice')} as numeric(24, 10))`
  return {
    owned: selectPositions(
      db,
      and(eq(trades.id, placeholder('tradeId')), eq(trades.userId, placeholder('userId'))),
    ).prepare('trades_owned'),
    lockAccount: db
      .select({ status: users.status, balanceUsd: users.balanceUsd })
      .from(users)
      .where(eq(users.id, placeholder('userId')))
      .for('update')
      .prepare('trades_lock_account'),
    openOrUnderKey: selectPositions(
      db,
      and(
        eq(trades.userId, placeholder('userId')),
        or(eq(trades.status, 'open'), eq(trades.idempotencyKey, placeholder('idempotencyKey'))),
      ),
    ).prepare('trades_open_or_under_key'),
    insertOpen: db
      .insert(trades)
      .values({ ...insertPlaceholders, status: 'open' })
      .onConflictDoNothing({ target: [trades.userId, trades.idempotencyKey] })
      .returning()
      .prepare('trades_insert_open'),
    close: db
      .update(trades)
      .set({
        status: 'closed',
        closingPrice: sql`${closingPrice}`,
        // An update's SET takes no placeholder as a value; SQL does (the time as text, the reason as it is).
        closedAt: sql`${placeholder('closedAt')}`,
        closeReason: sql`${placeholder('closeReason')}`,
        pnlUsd: sql`round((case when ${trades.side} = 'buy' then ${closingPrice} - ${trades.openingPrice} else ${trades.openingPrice} - ${closingPrice} end) * ${trades.volumeUnits}, 2)`,
      })
      .where(
        and(
          eq(trades.id, placeholder('tradeId')),
          eq(trades.userId, placeholder('userId')),
          eq(trades.status, 'open'),
        ),
      )
      .returning()
      .prepare('trades_close'),
  }
}

/** A position opened under the customer's row lock, closed by one conditional UPDATE, or a part of it split off. */
function positionLifecycle(db: Db, prepared: ReturnType<typeof preparedStatements>) {
  return {
    /**
     * Opens the position unless `check` refuses, in one transaction holding the customer's row lock. A key seen
     * before answers the position it opened, also when the first request is still in flight (the lock makes the
     * duplicate wait) or on another instance (the unique index on (user_id, idempotency_key) backs the lock up).
     * `asset` is the asset the engine priced the position with: the new position is answered with it rather than
     * read back. One read finds both the open positions the check needs and a position under the key.
     */
    async open(
      position: NewPosition,
      check: (account: AccountForOpening) => string | undefined,
      asset: PositionAsset,
    ): Promise<OpenResult> {
      return db.transaction(async (tx) => {
        const [account] = await inTransaction(prepared.lockAccount, tx, { userId: position.userId })
        if (!account) return { kind: 'refused', message: 'Your account no longer exists.' }

        // Read after the lock is held, in a statement of its own: its snapshot then has every position a
        // transaction that held the lock before committed (one statement joining the lock would read from before
        // the wait). One read finds the open positions the check needs and a position under the key.
        const { userId, idempotencyKey } = position
        const positions = await inTransaction(prepared.openOrUnderKey, tx, { userId, idempotencyKey })
        const existing = positions.find((row) => row.trade.idempotencyKey === position.idempotencyKey)
        if (existing) return { kind: 'existing', position: existing }

        const openPositions = positions.filter((row) => row.trade.status === 'open')
        const refusal = check({ ...account, openPositions })
        if (refusal !== undefined) return { kind: 'refused', message: refusal }

        const [inserted] = await inTransaction(prepared.insertOpen, tx, positionValues(position))
        if (inserted) return { kind: 'opened', position: { trade: inserted, asset } }
        // Another instance wrote the key between the read and the insert: its position is the answer.
        const ownKey = and(eq(trades.userId, userId), eq(trades.idempotencyKey, idempotencyKey))
        const [created] = await selectPositions(tx, ownKey)
        if (!created) throw new Error('the position under this key could not be read back')
        return { kind: 'existing', position: created }
      })
    },

    /**
     * Closes the position at `closingPriceQuote` if it is still open: realised P/L = price difference x units,
     * rounded to cents in SQL, added to the balance and booked in the ledger, all in one transaction. Whoever
     * loses a race to close the same position gets 'already_closed' and changes nothing.
     */
    async close(close: ClosePosition): Promise<CloseResult> {
      return db.transaction(async (tx) => {
        // The price as stored (numeric(24,10)) is the one the P/L is computed from, so the two always agree.
        const [closed] = await inTransaction(prepared.close, tx, {
          closingPrice: close.closingPriceQuote,
          closedAt: close.now.toISOString(),
          closeReason: close.reason,
          tradeId: close.tradeId,
          userId: close.userId,
        })
        if (!closed) {
          const [row] = await tx
            .select({ id: trades.id })
            .from(trades)
            .where(and(eq(trades.id, close.tradeId), eq(trades.userId, close.userId)))
          return { kind: row ? 'already_closed' : 'not_found' }
        }
        const balanceUsd = await bookPnl(tx, close.userId, closed.id, closed.pnlUsd ?? '0.00', close.now)

        // Negative balance protection: the account's last open position left the balance below zero, so the broker
        // takes the rest of the loss. While other positions are open their P/L may still cover it (and a customer
        // must not gain a credit an open winner would have paid), so only the last close is credited. The row is
        // locked by the booking above, so a balance at or above zero here stays so until the commit.
        let balanceAfterUsd = balanceUsd
        if (balanceUsd.startsWith('-')) {
          const otherOpenPositions = tx
            .select({ id: trades.id })
            .from(trades)
            .where(and(eq(trades.userId, close.userId), eq(trades.status, 'open')))
          const [credited] = await tx
            .update(users)
            .set({ balanceUsd: '0.00' })
            .where(and(eq(users.id, close.userId), lt(users.balanceUsd, '0'), notExists(otherOpenPositions)))
            .returning({ balanceUsd: users.balanceUsd })
          if (credited) {
            await tx.insert(ledgerEntries).values({
              userId: close.userId,
              kind: 'negative_balance_protection',
              amountUsd: sql`-cast(${balanceUsd} as numeric(18, 2))`,
              balanceAfterUsd: credited.balanceUsd,
              tradeId: closed.id,
              createdAt: close.now,
            })
            balanceAfterUsd = credited.balanceUsd
          }
        }

        if (close.asset)
          return { kind: 'closed', position: { trade: closed, asset: close.asset }, balanceAfterUsd }
        const [position] = await selectPositions(tx, eq(trades.id, closed.id))
        if (!position) throw new Error('the position just closed could not be read back')
        return { kind: 'closed', position, balanceAfterUsd }
      })
    },

    /**
     * Closes a part of an open position (decision 0034): the part becomes a closed position of its own, with its
     * share of the margin and its realised P/L booked in the ledger; the rest stays open under its id, levels and
     * all. The row is locked first, so the part and the rest always add up to what was open.
     */
    async closePart(part: ClosePart): Promise<ClosePartResult> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(trades)
          .where(and(eq(trades.id, part.tradeId), eq(trades.userId, part.userId)))
          .for('update')
        if (!row) return { kind: 'not_found' }
        if (row.status !== 'open') return { kind: 'already_closed' }
        const remainingLots = Math.round((row.volumeLots - part.volumeLots) * 100) / 100
        if (remainingLots < TRADE_LIMITS.MIN_LOTS) return { kind: 'too_small' }

        const price = sql`cast(${part.closingPriceQuote} as numeric(24, 10))`
        const units = sql`cast(${part.volumeUnits} as numeric(24, 6))`
        // Read from the locked row in SQL, so the part's figures come from the stored numerics, never a float.
        const original = (column: AnyColumn) =>
          sql`(select ${column} from ${trades} where ${trades.id} = ${part.tradeId})`
        const opening = original(trades.openingPrice)
        const [closed] = await tx
          .insert(trades)
          .values({
            userId: row.userId,
            assetId: row.assetId,
            side: row.side,
            status: 'closed',
            volumeLots: part.volumeLots,
            volumeUnits: part.volumeUnits,
            contractSize: row.contractSize,
            leverage: row.leverage,
            openingPrice: sql`${opening}`,
            closingPrice: sql`${price}`,
            takeProfit: row.takeProfit,
            stopLoss: row.stopLoss,
            // The part's margin in proportion to its units, in cents; the rest keeps exactly what is left.
            marginUsd: sql`round(${original(trades.marginUsd)} * ${units} / ${original(trades.volumeUnits)}, 2)`,
            pnlUsd: sql`round((${row.side === 'buy' ? sql`${price} - ${opening}` : sql`${opening} - ${price}`}) * ${units}, 2)`,
            closeReason: 'user',
            idempotencyKey: `part-${part.tradeId}-${randomUUID()}`,
            requested: { closed_from: part.tradeId, volume: part.volumeUnits },
            openedAt: row.openedAt,
            closedAt: part.now,
          })
          .returning({ id: trades.id, pnlUsd: trades.pnlUsd, marginUsd: trades.marginUsd })
        if (!closed) throw new Error(`the closed part of trade ${part.tradeId} could not be written`)
        await tx
          .update(trades)
          .set({
            volumeLots: remainingLots,
            volumeUnits: sql`${trades.volumeUnits} - ${units}`,
            marginUsd: sql`${trades.marginUsd} - cast(${closed.marginUsd} as numeric(18, 2))`,
          })
          .where(eq(trades.id, part.tradeId))
        await bookPnl(tx, part.userId, closed.id, closed.pnlUsd ?? '0.00', part.now)

        const [partRow] = await selectPositions(tx, eq(trades.id, closed.id))
        const [remainder] = await selectPositions(tx, eq(trades.id, part.tradeId))
        if (!partRow || !remainder) throw new Error('the parts of a partial close could not be read back')
        return { kind: 'closed', part: partRow, remainder }
      })
    },
  }
}

/** The open book as the engine and the pages read it. */
function openPositionReads(db: Db) {
  return {
    /** Every open position with a trailing stop: what the leader trails when it starts leading. */
    async openWithTrailingStops(): Promise<Position[]> {
      return selectPositions(db, and(eq(trades.status, 'open'), gt(trades.trailingStop, 0))).orderBy(
        asc(trades.id),
      )
    },

    /** The customer's open positions, oldest first, all of them or those of one asset (by the feed's id). */
    async openOf(userId: number, feedId?: string): Promise<Position[]> {
      const own = and(eq(trades.userId, userId), eq(trades.status, 'open'))
      return selectPositions(db, feedId === undefined ? own : and(own, eq(assets.assetId, feedId))).orderBy(
        asc(trades.id),
      )
    },

    /** One page of the customer's open (newest first) or closed (last closed first) positions, and the total. */
    async page(
      userId: number,
      status: 'open' | 'closed',
      page: number,
      perPage: number,
    ): Promise<{ positions: Position[]; total: number }> {
      const where = and(eq(trades.userId, userId), eq(trades.status, status))
      const order =
        status === 'open'
          ? [desc(trades.openedAt), desc(trades.id)]
          : [desc(trades.closedAt), desc(trades.id)]
      const [positions, total] = await Promise.all([
        selectPositions(db, where)
          .orderBy(...order)
          .limit(perPage)
          .offset((page - 1) * perPage),
        db.$count(trades, where),
      ])
      return { positions, total }
    },

    /**
     * Every account with open positions, its balance and those positions: what the stop-out check marks to the
     * market. One query for the positions and one for the balances, however many accounts.
     */
    async openAccounts(): Promise<OpenAccount[]> {
      const positions = await selectPositions(db, eq(trades.status, 'open')).orderBy(asc(trades.id))
      if (positions.length === 0) return []
      const byUser = new Map<number, Position[]>()
      for (const position of positions) {
        const list = byUser.get(position.trade.userId)
        if (list) list.push(position)
        else byUser.set(position.trade.userId, [position])
      }
      const balances = await db
        .select({ id: users.id, balanceUsd: users.balanceUsd })
        .from(users)
        .where(inArray(users.id, [...byUser.keys()]))
      return balances.map(({ id, balanceUsd }) => ({
        userId: id,
        balanceUsd,
        openPositions: byUser.get(id) ?? [],
      }))
    },

    /** Every open position with a take-profit or a stop-loss: what the trade engine watches at start. */
    async openWithLevels(): Promise<Position[]> {
      return selectPositions(
        db,
        and(eq(trades.status, 'open'), or(gt(trades.takeProfit, 0), gt(trades.stopLoss, 0))),
      ).orderBy(asc(trades.id))
    },
  }
}

export function createTradesRepository(db: Db) {
  const prepared = preparedStatements(db)
  return {
    async findOwned(userId: number, tradeId: number): Promise<Position | undefined> {
      const [row] = await prepared.owned.execute({ tradeId, userId })
      return row
    },

    async findByIdempotencyKey(userId: number, key: string): Promise<Position | undefined> {
      const [row] = await selectPositions(db, and(eq(trades.userId, userId), eq(trades.idempotencyKey, key)))
      return row
    },

    /** Sets an open position's levels; undefined when it is not the customer's open position (any more). */
    async setLevels(userId: number, tradeId: number, changes: LevelChanges): Promise<Position | undefined> {
      const [updated] = await db
        .update(trades)
        .set({
          ...(changes.takeProfitQuote === undefined ? {} : { takeProfit: changes.takeProfitQuote }),
          ...(changes.stopLossQuote === undefined ? {} : { stopLoss: changes.stopLossQuote }),
          ...(changes.trailingStopQuote === undefined ? {} : { trailingStop: changes.trailingStopQuote }),
        })
        .where(and(eq(trades.id, tradeId), eq(trades.userId, userId), eq(trades.status, 'open')))
        .returning({ id: trades.id })
      if (!updated) return undefined
      const [position] = await selectPositions(db, eq(trades.id, updated.id))
      return position
    },

    /**
     * Moves a trailing stop forward (decision 0034): only up for a buy, only down for a sell, only while the
     * position is open and still trails. A leader that lost its lease, or a stop its owner moved meanwhile, cannot
     * take it back. Undefined when nothing moved.
     */
    async trailStop(tradeId: number, stopQuote: number): Promise<Position | undefined> {
      const stop = sql`cast(${stopQuote} as numeric(24, 10))`
      const [updated] = await db
        .update(trades)
        .set({ stopLoss: sql`${stop}` })
        .where(
          and(
            eq(trades.id, tradeId),
            eq(trades.status, 'open'),
            gt(trades.trailingStop, 0),
            sql`(case when ${trades.side} = 'buy' then ${trades.stopLoss} < ${stop} else (${trades.stopLoss} = 0 or ${trades.stopLoss} > ${stop}) end)`,
          ),
        )
        .returning({ id: trades.id })
      if (!updated) return undefined
      const [position] = await selectPositions(db, eq(trades.id, updated.id))
      return position
    },

    ...positionLifecycle(db, prepared),
    ...openPositionReads(db),
  }
}
