// A customer's notification preferences (decision 0037): one jsonb row per customer, read over the defaults of
// src/domain/notifications/preferences.ts (no row, or a field missing or not ours, is that field's default: on).
// A change is merged over what is stored under the customer's row lock, so two tabs saving different switches at
// once both keep theirs.
import { eq } from 'drizzle-orm'
import type { NotificationPreferencesPatch } from '../../src/domain/contract/notification-preferences'
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  NotificationPreferencesSchema,
  type NotificationPreferences,
  type PushCategory,
} from '../../src/domain/notifications/preferences'
import type { Db } from '../db/client'
import { notificationPreferences, users } from '../db/schema'

export type NotificationPreferencesRepository = ReturnType<typeof createNotificationPreferencesRepository>

function fromStored(stored: unknown): NotificationPreferences {
  if (stored === undefined || stored === null) return DEFAULT_NOTIFICATION_PREFERENCES
  const parsed = NotificationPreferencesSchema.safeParse(stored)
  return parsed.success ? parsed.data : DEFAULT_NOTIFICATION_PREFERENCES
}

function merged(
  current: NotificationPreferences,
  patch: NotificationPreferencesPatch,
): NotificationPreferences {
  return {
    sound: patch.sound ?? current.sound,
    toasts: { ...current.toasts, ...definedOnly(patch.toasts) },
    push: { ...current.push, ...definedOnly(patch.push) },
  }
}

const definedOnly = <T extends object>(value: T | undefined): Partial<T> =>
  Object.fromEntries(Object.entries(value ?? {}).filter(([, field]) => field !== undefined)) as Partial<T>

export function createNotificationPreferencesRepository(db: Db) {
  async function stored(userId: number): Promise<unknown> {
    const [row] = await db
      .select({ preferences: notificationPreferences.preferences })
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, userId))
    return row?.preferences
  }

  return {
    async get(userId: number): Promise<NotificationPreferences> {
      return fromStored(await stored(userId))
    },

    /** Whether the customer lets the server push this kind of event (no row: yes). */
    async allowsPush(userId: number, category: PushCategory): Promise<boolean> {
      return fromStored(await stored(userId)).push[category]
    },

    /** Merges the patch over what is stored; undefined when the user does not exist. */
    async update(
      userId: number,
      patch: NotificationPreferencesPatch,
      now: Date,
    ): Promise<NotificationPreferences | undefined> {
      return db.transaction(async (tx) => {
        const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
        if (!user) return undefined
        const [row] = await tx
          .select({ preferences: notificationPreferences.preferences })
          .from(notificationPreferences)
          .where(eq(notificationPreferences.userId, userId))
        const next = merged(fromStored(row?.preferences), patch)
        await tx
          .insert(notificationPreferences)
          .values({ userId, preferences: next, updatedAt: now })
          .onConflictDoUpdate({
            target: notificationPreferences.userId,
            set: { preferences: next, updatedAt: now },
          })
        return next
      })
    },
  }
}
