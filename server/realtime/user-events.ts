// The one event that tells a customer's open tabs to refetch the user (spec 7: user.{userId} .user.updated): after
// a purchase, a decided request, a notification read in another tab. Published after the commit, never awaited by
// the request: the publisher logs its own failures, and clients refetch after every reconnect anyway.
import { CHANNELS, PUSH_EVENTS, type UserUpdatedEvent } from '../../src/domain/contract'
import type { Publisher } from './publisher'

export function publishUserUpdated(publisher: Publisher, userId: number, now: Date): void {
  const event: UserUpdatedEvent = { user_id: userId, updated_at: now.toISOString() }
  void publisher.trigger(CHANNELS.user(userId), PUSH_EVENTS.USER_UPDATED, event)
}
