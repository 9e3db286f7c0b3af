// Web Push subscriptions (decision 0037): one row per browser endpoint, owned by the customer who subscribed it
// last (a shared browser signed in as another customer moves it), at most MAX_PER_CUSTOMER per customer: a new one
// past the cap drops the customer's oldest, under the customer's row lock so parallel subscribes keep the cap.
import { and, desc, eq, inArray, notInArray } from 'drizzle-orm'
import type { Db } from '../db/client'
import { pushSubscriptions, users } from '../db/schema'

export type PushSubscriptionsRepository = ReturnType<typeof createPushSubscriptionsRepository>
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect

export const MAX_PUSH_SUBSCRIPTIONS_PER_CUSTOMER = 10

export interface NewPushSubscription {
  userId: number
  endpoint: string
  p256dh: string
  auth: string
  now: Date
}

export function createPushSubscriptionsRepository(db: Db) {
  return {
    async save(subscription: NewPushSubscription): Promise<PushSubscriptionRow> {
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, subscription.userId)).for('update')
        const fields = {
          userId: subscription.userId,
          p256dh: subscription.p256dh,
          auth: subscription.auth,
          createdAt: subscription.now,
        }
        const [row] = await tx
          .insert(pushSubscriptions)
          .values({ ...fields, endpoint: subscription.endpoint })
          .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: fields })
          .returning()
        if (!row) throw new Error('push_subscriptions upsert returned no row')
        const kept = await tx
          .select({ id: pushSubscriptions.id })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.userId, subscription.userId))
          .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
          .limit(MAX_PUSH_SUBSCRIPTIONS_PER_CUSTOMER)
        await tx.delete(pushSubscriptions).where(
          and(
            eq(pushSubscriptions.userId, subscription.userId),
            notInArray(
              pushSubscriptions.id,
              kept.map(({ id }) => id),
            ),
          ),
        )
        return row
      })
    },

    /** The customer's own subscription of this endpoint, if any; another's is left alone. */
    async remove(userId: number, endpoint: string): Promise<boolean> {
      const removed = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
        .returning({ id: pushSubscriptions.id })
      return removed.length > 0
    },

    /** The push service said the subscription is gone (404 or 410). */
    async removeGone(id: number): Promise<void> {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id))
    },

    async ofUser(userId: number): Promise<PushSubscriptionRow[]> {
      return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))
    },

    /** The subscriptions of several customers in one statement (the alerts one tick fired). */
    async ofUsers(userIds: readonly number[]): Promise<PushSubscriptionRow[]> {
      if (userIds.length === 0) return []
      return db
        .select()
        .from(pushSubscriptions)
        .where(inArray(pushSubscriptions.userId, [...userIds]))
    },
  }
}
