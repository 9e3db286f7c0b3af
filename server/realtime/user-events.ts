// The events a customer's open tabs hear about their account: user.updated tells them to refetch the user
// (docs/product/realtime.md#push-channels-and-events: after a purchase, a decided request, a notification read in
// another tab), notification.message brings a stored notification (an admin's, or the trade engine's stop-out).
// Published after the commit, never awaited by the request: the publisher logs its own failures, and clients refetch
// after every reconnect anyway.
import {
  ADMIN_CHANNEL,
  BACK_OFFICE_EVENTS,
  CHANNELS,
  PUSH_EVENTS,
  type NotificationEvent,
  type UserUpdatedEvent,
} from '../../src/domain/contract'
import type { Publisher } from './publisher'

export function publishUserUpdated(publisher: Publisher, userId: number, now: Date): void {
  const event: UserUpdatedEvent = { user_id: userId, updated_at: now.toISOString() }
  void publisher.trigger(CHANNELS.user(userId), PUSH_EVENTS.USER_UPDATED, event)
}

/**
 * Pushes a notification already stored (so a tab that refetches the user on it finds it;
 * docs/product/orders-and-alerts.md#notifications: sound, then reload) and returns the event as sent.
 */
export function publishNotification(
  publisher: Publisher,
  stored: { id: number; userId: number; title: string; message: string; color: string },
): NotificationEvent {
  const event: NotificationEvent = {
    id: stored.id,
    title: stored.title,
    message: stored.message,
    color: stored.color,
  }
  void publisher.trigger(CHANNELS.notification(stored.userId), PUSH_EVENTS.NOTIFICATION_MESSAGE, event)
  return event
}

/** Admin tabs showing this customer (client page, chat panel) refetch them. */
export function publishClientUpdated(publisher: Publisher, userId: number): void {
  void publisher.trigger(ADMIN_CHANNEL, BACK_OFFICE_EVENTS.CLIENT_UPDATED, { user_id: userId })
}

/** Admin tabs refetch the request queue and its pending count. */
export function publishRequestsChanged(publisher: Publisher): void {
  void publisher.trigger(ADMIN_CHANNEL, BACK_OFFICE_EVENTS.REQUESTS_CHANGED, {})
}
