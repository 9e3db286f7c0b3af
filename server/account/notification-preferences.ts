// The signed-in customer's notification preferences (decision 0037): read over the defaults, changed field by field.
// The server pushes funds, support and trade events by the `push` categories; the sound and the toasts are the
// browser's own choice and are only kept here when a client sends them.
import type { FastifyInstance } from 'fastify'
import type { NotificationPreferencesPatch } from '../../src/domain/contract/notification-preferences'
import type { NotificationPreferences } from '../../src/domain/notifications/preferences'

type PreferencesApp = Pick<FastifyInstance, 'repos' | 'now'>

export function notificationPreferencesOf(
  app: PreferencesApp,
  userId: number,
): Promise<NotificationPreferences> {
  return app.repos.notificationPreferences.get(userId)
}

/** undefined when the user no longer exists (removed a moment ago). */
export function updateNotificationPreferences(
  app: PreferencesApp,
  userId: number,
  patch: NotificationPreferencesPatch,
): Promise<NotificationPreferences | undefined> {
  return app.repos.notificationPreferences.update(userId, patch, app.now())
}
