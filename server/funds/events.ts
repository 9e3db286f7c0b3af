// What a customer's open cashier pages hear (decision 0019): funds.updated on their private-user channel after a
// deposit, withdrawal or savings move changed (a confirmation counted, a decision made), published after the commit.
// The balance itself follows user.updated, as everywhere; admin tabs showing the customer hear client.updated.
import { CHANNELS, FUNDS_UPDATED_EVENT, type FundsUpdatedEvent } from '../../src/domain/contract'
import type { Publisher } from '../realtime/publisher'
import { publishClientUpdated, publishUserUpdated } from '../realtime/user-events'

export function publishFundsUpdated(publisher: Publisher, userId: number, event: FundsUpdatedEvent): void {
  void publisher.trigger(CHANNELS.user(userId), FUNDS_UPDATED_EVENT, event)
}

/** A change of the customer's money: the cashier's event, user.updated when a balance moved, and the admins' tabs. */
export function publishFundsChange(
  publisher: Publisher,
  userId: number,
  event: FundsUpdatedEvent,
  options: { balanceChanged: boolean; now: Date },
): void {
  publishFundsUpdated(publisher, userId, event)
  if (options.balanceChanged) publishUserUpdated(publisher, userId, options.now)
  publishClientUpdated(publisher, userId)
}
