// What the customer's tabs and the back office hear when a position or an order changes. Sent after the commit and
// not awaited: a slow push service must not slow trading (clients also refetch after a reconnect).
import {
  ADMIN_CHANNEL,
  BACK_OFFICE_EVENTS,
  CHANNELS,
  PUSH_EVENTS,
  type Order,
  type UserUpdatedEvent,
} from '../../src/domain/contract'
import type { BatchEvent, Publisher } from '../realtime/publisher'

/** `trade.updated` per position, `user.updated` when the balance moved, and the back office's client page. */
export function publishTradeChange(
  publisher: Publisher,
  change: { userId: number; tradeIds: readonly number[]; balanceChanged: boolean; now: Date },
): void {
  const { userId } = change
  const updatedAt = change.now.toISOString()
  const events: BatchEvent[] = change.tradeIds.map((tradeId) => ({
    channel: CHANNELS.trade(userId),
    name: PUSH_EVENTS.TRADE_UPDATED,
    data: { user_id: userId, trade_id: tradeId, updated_at: updatedAt },
  }))
  if (change.balanceChanged) {
    const userEvent: UserUpdatedEvent = { user_id: userId, updated_at: updatedAt }
    events.push({ channel: CHANNELS.user(userId), name: PUSH_EVENTS.USER_UPDATED, data: userEvent })
  }
  // The back office's client page and chat panel show this customer's positions.
  events.push({ channel: ADMIN_CHANNEL, name: BACK_OFFICE_EVENTS.CLIENT_UPDATED, data: { user_id: userId } })
  void publisher.triggerBatch(events)
}

/** `order.updated` with the order as it is now, on the customer's trade channel (decision 0034). */
export function publishOrderChange(publisher: Publisher, userId: number, order: Order): void {
  void publisher.triggerBatch([
    { channel: CHANNELS.trade(userId), name: PUSH_EVENTS.ORDER_UPDATED, data: order },
    { channel: ADMIN_CHANNEL, name: BACK_OFFICE_EVENTS.CLIENT_UPDATED, data: { user_id: userId } },
  ])
}
