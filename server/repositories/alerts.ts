// Price alerts (decision 0037). Each change is one transaction or one conditional UPDATE, so the database decides
// whichever instance or request races:
// - create: under the customer's row lock, the active alerts counted and the new one inserted, so a parallel burst
//   cannot pass the cap (the lock orders the bursts; each counts what the one before committed);
// - trigger, cancel and expire: `WHERE status = 'active'`, so an alert ends once, whichever leader fires it.
import { and, asc, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { assets, priceAlerts, users } from '../db/schema'
import type { AlertCondition } from '../alerts/contract'

export type AlertsRepository = ReturnType<typeof createAlertsRepository>
export type AlertRow = typeof priceAlerts.$inferSelect

/** What a book and a message need of the alert's asset. */
export interface AlertAsset {
  id: number
  feedId: string
  symbol: string
  symbolDisplay: string
  buySpread: number
  sellSpread: number
}

export interface AlertWithAsset {
  alert: AlertRow
  asset: AlertAsset
}

export interface NewAlert {
  userId: number
  assetId: number
  condition: AlertCondition
  priceQuote: number
  note: string | null
  expiresAt: Date | null
  now: Date
}

export type CreateAlertResult = { kind: 'created'; alert: AlertRow } | { kind: 'too_many' }
export type CancelAlertResult =
  { kind: 'cancelled'; alert: AlertRow } | { kind: 'not_active' } | { kind: 'not_found' }

const assetColumns = {
  id: assets.id,
  feedId: assets.assetId,
  symbol: assets.symbol,
  symbolDisplay: assets.symbolDisplay,
  buySpread: assets.buySpread,
  sellSpread: assets.sellSpread,
}

/** An alert that has not expired by `now` (the expiry job may not have marked it yet). */
const liveAt = (now: Date) => or(isNull(priceAlerts.expiresAt), gt(priceAlerts.expiresAt, now))

/** A customer's list: the newest this many (the active ones are at most 50; the rest is history). */
const LIST_LIMIT = 200

export function createAlertsRepository(db: Db) {
  return {
    async create(alert: NewAlert, maxActive: number): Promise<CreateAlertResult> {
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, alert.userId)).for('update')
        const [counted] = await tx
          .select({ active: sql<number>`count(*)::int` })
          .from(priceAlerts)
          .where(
            and(eq(priceAlerts.userId, alert.userId), eq(priceAlerts.status, 'active'), liveAt(alert.now)),
          )
        if ((counted?.active ?? 0) >= maxActive) return { kind: 'too_many' }
        const [row] = await tx
          .insert(priceAlerts)
          .values({
            userId: alert.userId,
            assetId: alert.assetId,
            condition: alert.condition,
            price: alert.priceQuote,
            note: alert.note,
            expiresAt: alert.expiresAt,
            createdAt: alert.now,
          })
          .returning()
        if (!row) throw new Error('price_alerts insert returned no row')
        return { kind: 'created', alert: row }
      })
    },

    /** The customer's alerts, newest first, each with its asset. */
    async listOwned(userId: number): Promise<AlertWithAsset[]> {
      return db
        .select({ alert: priceAlerts, asset: assetColumns })
        .from(priceAlerts)
        .innerJoin(assets, eq(assets.id, priceAlerts.assetId))
        .where(eq(priceAlerts.userId, userId))
        .orderBy(desc(priceAlerts.createdAt), desc(priceAlerts.id))
        .limit(LIST_LIMIT)
    },

    async assetOf(assetId: number): Promise<AlertAsset | undefined> {
      const [asset] = await db.select(assetColumns).from(assets).where(eq(assets.id, assetId))
      return asset
    },

    /** Every active alert with its asset: what a leader's book starts from. */
    async active(): Promise<AlertWithAsset[]> {
      return db
        .select({ alert: priceAlerts, asset: assetColumns })
        .from(priceAlerts)
        .innerJoin(assets, eq(assets.id, priceAlerts.assetId))
        .where(eq(priceAlerts.status, 'active'))
        .orderBy(asc(priceAlerts.id))
    },

    /** Its owner's cancel; another customer's alert answers as a missing one. */
    async cancel(userId: number, alertId: number, now: Date): Promise<CancelAlertResult> {
      const own = and(eq(priceAlerts.id, alertId), eq(priceAlerts.userId, userId))
      const [row] = await db
        .update(priceAlerts)
        .set({ status: 'cancelled', endedAt: now })
        .where(and(own, eq(priceAlerts.status, 'active')))
        .returning()
      if (row) return { kind: 'cancelled', alert: row }
      const [existing] = await db.select({ id: priceAlerts.id }).from(priceAlerts).where(own)
      return existing ? { kind: 'not_active' } : { kind: 'not_found' }
    },

    /**
     * Fires these alerts, each at its bid, once, in one statement (the alerts one tick batch reached): the rows that
     * were still active and unexpired; one fired by another leader, cancelled or expired is left out.
     */
    async trigger(fired: readonly { alertId: number; bidQuote: number }[], now: Date): Promise<AlertRow[]> {
      if (fired.length === 0) return []
      const bidOf = sql.join(
        fired.map(({ alertId, bidQuote }) => sql`when ${alertId}::int then ${bidQuote}::numeric`),
        sql` `,
      )
      return db
        .update(priceAlerts)
        .set({
          status: 'triggered',
          triggeredAt: now,
          triggeredPrice: sql`case ${priceAlerts.id} ${bidOf} end`,
          endedAt: now,
        })
        .where(
          and(
            inArray(
              priceAlerts.id,
              fired.map(({ alertId }) => alertId),
            ),
            eq(priceAlerts.status, 'active'),
            liveAt(now),
          ),
        )
        .returning()
    },

    /** Marks every active alert whose expiry has passed as expired, in one statement. */
    async expireDue(now: Date): Promise<AlertRow[]> {
      return db
        .update(priceAlerts)
        .set({ status: 'expired', endedAt: now })
        .where(and(eq(priceAlerts.status, 'active'), lte(priceAlerts.expiresAt, now)))
        .returning()
    },
  }
}
