// What is pushed besides fired price alerts (decision 0037), each by the customer's notification preferences (the
// queue reads them before sending, off the caller's path): a deposit's or withdrawal's status change, a support reply
// while the customer has no tab of the app open, and a position closed by its take-profit, stop-loss or a stop-out.
// Every push is `{ title, body, tag, url }` as an alert's is: the tag names the event (a later push of the same
// deposit, withdrawal, conversation or position replaces the earlier one), the url is the page it opens.
import type {
  ChatMessage,
  CloseReason,
  DepositStatus,
  Trade,
  WithdrawalStatus,
} from '../../src/domain/contract'
import { CHANNELS, CLOSE_REASONS } from '../../src/domain/contract'
import { PUSH_CATEGORIES } from '../../src/domain/notifications/preferences'
import type { ChannelQuery } from '../realtime/broker/broker'
import type { PushQueue } from './queue'
import type { PushSendOptions } from './sender'

/** A day: a status change or a reply read tomorrow still matters (an alert's price an hour later does not). */
const DAY_SECONDS = 24 * 60 * 60
const NORMAL: PushSendOptions = { ttlSeconds: DAY_SECONDS, urgency: 'normal' }
const HIGH: PushSendOptions = { ttlSeconds: DAY_SECONDS, urgency: 'high' }
/** A push's body stays short: notification centres cut long ones anyway. */
const MAX_BODY_CHARACTERS = 140

export interface FundsStatusChange {
  kind: 'deposit' | 'withdrawal'
  id: number
  status: DepositStatus | WithdrawalStatus
}

export interface EventPushesDependencies {
  queue: Pick<PushQueue, 'enqueue'>
  /**
   * The cluster's subscription counts (the embedded broker's `channelCounts`, asked of every instance when
   * clustered); undefined when the sockets live in another Pusher service: then the server cannot tell whether a
   * tab is open, and a support reply is always pushed.
   */
  channelCounts?: (query: ChannelQuery) => Promise<Map<string, number>>
  log: { warn: (object: object, message: string) => void }
}

export type EventPushes = ReturnType<typeof createEventPushes>

/**
 * The statuses pushed (DEPOSIT_STATUSES, WITHDRAWAL_STATUSES): not the first one (pending, in_review: the customer
 * just made the request) nor a withdrawal the customer cancelled themselves.
 */
const FUNDS_STATUS_WORDS: Partial<Record<DepositStatus | WithdrawalStatus, string>> = {
  approved: 'approved',
  rejected: 'rejected',
  completed: 'completed',
  failed: 'failed',
  sent: 'sent',
}

const CLOSE_TITLES: Partial<Record<CloseReason, string>> = {
  [CLOSE_REASONS.TAKE_PROFIT]: 'Take profit reached',
  [CLOSE_REASONS.STOP_LOSS]: 'Stop loss reached',
  [CLOSE_REASONS.STOP_OUT]: 'Stop out',
}

const shortened = (text: string) =>
  text.length > MAX_BODY_CHARACTERS ? `${text.slice(0, MAX_BODY_CHARACTERS - 1)}…` : text

export function createEventPushes(deps: EventPushesDependencies) {
  const { queue } = deps

  /**
   * Whether a socket holds one of the customer's own channels, on any instance. Only the user and notification
   * channels: staff subscribe to the customer's chat channel while answering (channel-access.ts), so it says nothing
   * about the customer.
   */
  async function hasOpenTab(userId: number): Promise<boolean> {
    if (!deps.channelCounts) return false
    const counts = await deps.channelCounts({
      channels: [CHANNELS.user(userId), CHANNELS.notification(userId)],
    })
    return [...counts.values()].some((count) => count > 0)
  }

  return {
    /** A deposit or withdrawal reached a new status (not its first, pending: the customer just made it). */
    fundsStatus(userId: number, change: FundsStatusChange): void {
      const word = FUNDS_STATUS_WORDS[change.status]
      if (word === undefined) return
      const noun = change.kind === 'deposit' ? 'deposit' : 'withdrawal'
      queue.enqueue({
        userId,
        category: PUSH_CATEGORIES.FUNDS,
        payload: {
          title: `${change.kind === 'deposit' ? 'Deposit' : 'Withdrawal'} ${word}`,
          body: `Your ${noun} #${change.id} was ${word}.`,
          tag: `${noun}-${change.id}`,
          url: change.kind === 'deposit' ? '/main/deposit/history' : '/main/withdrawal',
        },
        options: NORMAL,
      })
    },

    /**
     * Support wrote to the customer: pushed only when no tab of theirs is open (an open tab shows the message and
     * plays the sound itself). Asked after the message committed, never on the sender's answer path.
     */
    supportReply(customerId: number, message: ChatMessage): void {
      void hasOpenTab(customerId)
        .then((open) => {
          if (open) return
          const text = message.message.trim()
          queue.enqueue({
            userId: customerId,
            category: PUSH_CATEGORIES.SUPPORT,
            payload: {
              title: 'Support replied',
              body: shortened(text === '' ? 'Sent you an attachment.' : text),
              tag: `support-${customerId}`,
              url: '/main/chat',
            },
            options: HIGH,
          })
        })
        .catch((error: unknown) =>
          deps.log.warn(
            { err: { message: error instanceof Error ? error.message : String(error) }, userId: customerId },
            'support reply push: could not tell whether a tab is open',
          ),
        )
    },

    /** A position closed without the customer: its take-profit, its stop-loss or a stop-out. */
    positionClosed(userId: number, trade: Trade, reason: CloseReason): void {
      const title = CLOSE_TITLES[reason]
      if (title === undefined) return
      queue.enqueue({
        userId,
        category: PUSH_CATEGORIES.TRADES,
        payload: {
          title,
          body: `Your ${trade.asset_symbol} position ${trade.trade_id} was closed at ${trade.closing_price} (P/L ${trade.pnl.toFixed(2)} USD).`,
          tag: `trade-${trade.id}`,
          url: `/mt4?asset=${encodeURIComponent(trade.asset_id)}`,
          asset_id: trade.asset_id,
        },
        options: HIGH,
      })
    },
  }
}
