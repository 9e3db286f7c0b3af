// Notifications (docs/product/data-model.md#notification, docs/product/orders-and-alerts.md#notifications and
// docs/product/realtime.md#push-channels-and-events): the customer dismisses one (POST /notifications/{id}/read,
// their own only), and an admin sends one (POST /admin/notifications), which is stored and then pushed as
// notification.message on the customer's private-notification channel.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  AUDIT_ACTIONS,
  MessageResponseSchema,
  SendNotificationRequestSchema,
  SendNotificationResponseSchema,
} from '../../src/domain/contract'
import { auditActor } from '../back-office/audit-actor'
import { authOf } from '../plugins/auth'
import { recordAudit } from '../repositories/audit'
import { sendError } from '../plugins/errors'
import { publishNotification, publishUserUpdated } from '../realtime/user-events'
import { MAX_SERIAL_ID } from './catalog'

/**
 * POST /notifications/{id}/read carries no fields (docs/product/api.md#calls); anything sent is refused rather than
 * ignored.
 */
export const MarkNotificationReadRequestSchema = z.object({}).strict().nullish()

// Client-side 'temp-' ids never reach here: the client hides those locally
// (docs/product/orders-and-alerts.md#notifications).
const NotificationIdParamsSchema = z.object({
  id: z.coerce
    .number({ message: 'The notification id must be a number' })
    .int()
    .positive()
    .max(MAX_SERIAL_ID),
})

const BODY_LIMIT_BYTES = 16 * 1024

export const NOTIFICATION_MESSAGES = {
  NOT_FOUND: 'Notification not found',
  READ: 'Notification marked as read',
  SENT: 'Notification sent',
  USER_NOT_FOUND: 'User not found',
} as const

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/notifications/:id/read',
    {
      onRequest: [app.authenticate],
      bodyLimit: BODY_LIMIT_BYTES,
      schema: {
        summary: 'Mark a notification as read',
        params: NotificationIdParamsSchema,
        body: MarkNotificationReadRequestSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request, reply) => {
      const userId = authOf(request).user.id
      const result = await app.repos.notifications.markRead(userId, request.params.id, app.now())
      // Another customer's notification answers exactly like a missing one: ids reveal nothing.
      if (result === 'not_found') return sendError(reply, 404, { message: NOTIFICATION_MESSAGES.NOT_FOUND })
      // The alert goes away in the customer's other tabs too.
      if (result === 'marked') publishUserUpdated(app.publisher, userId, app.now())
      return { message: NOTIFICATION_MESSAGES.READ }
    },
  )

  app.post(
    '/admin/notifications',
    {
      onRequest: [app.authenticate, app.requireAdmin],
      bodyLimit: BODY_LIMIT_BYTES,
      schema: {
        summary: 'Send a notification to one client or to all',
        body: SendNotificationRequestSchema,
        response: { 201: SendNotificationResponseSchema },
      },
    },
    async (request, reply) => {
      const { user_id: userId, title, message, color } = request.body
      const stored =
        userId > MAX_SERIAL_ID
          ? undefined
          : await app.repos.notifications.create({ userId, title, message, color }, app.now(), (tx, row) =>
              recordAudit(tx, auditActor(request), {
                action: AUDIT_ACTIONS.NOTIFICATION_SENT,
                targetUserId: userId,
                before: null,
                after: { notification_id: row.id, title, message, color },
              }),
            )
      if (!stored) return sendError(reply, 404, { message: NOTIFICATION_MESSAGES.USER_NOT_FOUND })
      request.log.info(
        { adminId: authOf(request).user.id, userId, notificationId: stored.id },
        'notification sent',
      )
      const event = publishNotification(app.publisher, stored)
      return reply.code(201).send({ message: NOTIFICATION_MESSAGES.SENT, data: event })
    },
  )
}
