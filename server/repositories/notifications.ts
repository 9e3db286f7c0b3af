// Notifications (docs/product/data-model.md#notification and docs/product/orders-and-alerts.md#notifications): an
// admin sends one to a customer, the customer's alert shows the first unread one, and dismissing it marks it read. A
// customer reaches only their own: another's answers exactly like one that does not exist.
import { and, eq, isNull } from 'drizzle-orm'
import type { NOTIFICATION_COLORS } from '../../src/domain/contract'
import type { Db } from '../db/client'
import type { AuditExecutor } from './audit'
import { notifications, users } from '../db/schema'

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>
export type NotificationRow = typeof notifications.$inferSelect

export interface NewNotification {
  userId: number
  title: string
  message: string
  color: (typeof NOTIFICATION_COLORS)[number]
}

export type MarkReadResult = 'marked' | 'already_read' | 'not_found'

/**
 * Stores a notification inside a transaction the caller holds (a back-office decision: its effect, this row and the
 * audit row commit together); the caller knows the user exists.
 */
export async function insertNotification(
  tx: Pick<Db, 'insert'>,
  notification: NewNotification,
  now: Date,
): Promise<NotificationRow | undefined> {
  const [row] = await tx
    .insert(notifications)
    .values({ ...notification, createdAt: now })
    .returning()
  return row
}

export function createNotificationsRepository(db: Db) {
  return {
    /** Sets read_at the first time; a second dismissal (another tab) keeps the first time. */
    async markRead(userId: number, notificationId: number, now: Date): Promise<MarkReadResult> {
      const own = and(eq(notifications.id, notificationId), eq(notifications.userId, userId))
      const [marked] = await db
        .update(notifications)
        .set({ readAt: now })
        .where(and(own, isNull(notifications.readAt)))
        .returning({ id: notifications.id })
      if (marked) return 'marked'
      const [existing] = await db.select({ id: notifications.id }).from(notifications).where(own)
      return existing ? 'already_read' : 'not_found'
    },

    /** Stores the notification; undefined when the user does not exist (also when removed a moment ago). */
    async create(
      notification: NewNotification,
      now: Date,
      /** Runs in the same transaction once the row is stored (the admin's audit row). */
      afterInsert?: (tx: AuditExecutor, row: NotificationRow) => Promise<void>,
    ): Promise<NotificationRow | undefined> {
      return db.transaction(async (tx) => {
        // The share lock keeps the user from being deleted between the check and the insert.
        const [user] = await tx
          .select({ id: users.id })
          .from(users)
          .where(eq(users.id, notification.userId))
          .for('share')
        if (!user) return undefined
        const [row] = await tx
          .insert(notifications)
          .values({ ...notification, createdAt: now })
          .returning()
        if (row && afterInsert) await afterInsert(tx, row)
        return row
      })
    },
  }
}
