// GET and PATCH /user/notification-preferences (decision 0037): the caller's own notification preferences, never
// another's (no id in the path). The push categories decide which funds, support and trade events are pushed.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  NOTIFICATION_PREFERENCES_MESSAGES,
  NotificationPreferencesPatchSchema,
  NotificationPreferencesResponseSchema,
  NotificationPreferencesSavedResponseSchema,
} from '../../src/domain/contract/notification-preferences'
import { notificationPreferencesOf, updateNotificationPreferences } from '../account/notification-preferences'
import { authOf } from '../plugins/auth'
import { MESSAGES, sendError } from '../plugins/errors'

export const notificationPreferencesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/notification-preferences',
    {
      onRequest: [app.authenticate],
      schema: {
        summary: 'Read the notification preferences',
        response: { 200: NotificationPreferencesResponseSchema },
      },
    },
    async (request) => ({ data: await notificationPreferencesOf(app, authOf(request).user.id) }),
  )

  app.patch(
    '/user/notification-preferences',
    {
      onRequest: [app.authenticate],
      schema: {
        summary: 'Change the notification preferences',
        body: NotificationPreferencesPatchSchema,
        response: { 200: NotificationPreferencesSavedResponseSchema },
      },
    },
    async (request, reply) => {
      const saved = await updateNotificationPreferences(app, authOf(request).user.id, request.body)
      if (!saved) return sendError(reply, 401, { message: MESSAGES.UNAUTHENTICATED })
      return { message: NOTIFICATION_PREFERENCES_MESSAGES.SAVED, data: saved }
    },
  )
}
