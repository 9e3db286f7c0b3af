// Which notifications this browser wants (decision 0020): the notification sound, and which kinds of event show a
// toast. Kept per browser (the push categories also on the server, per customer), like the theme and the display currency; the alert of
// docs/product/orders-and-alerts.md#notifications (the first unread notification) always shows, as do the answers to
// what the user just did (an order placed, a form saved).
import * as z from 'zod/mini'
import '../contract/zod-messages'

/** The events that arrive unasked and may show a toast. */
export const TOAST_EVENTS = {
  /** Notifications from the broker: a request approved or rejected, a stop-out, a verification decision. */
  ACCOUNT: 'account',
  /** The realtime connection's 'Reconnecting to server...', 'Connected to server' and 'Connection failed'. */
  CONNECTION: 'connection',
} as const
export type ToastEvent = (typeof TOAST_EVENTS)[keyof typeof TOAST_EVENTS]

export const TOAST_EVENT_OPTIONS: readonly { event: ToastEvent; label: string; description: string }[] = [
  {
    event: TOAST_EVENTS.ACCOUNT,
    label: 'Account notifications',
    description: 'Requests approved or rejected, verification decisions, stop-outs.',
  },
  {
    event: TOAST_EVENTS.CONNECTION,
    label: 'Connection changes',
    description: 'Reconnecting, connected again, connection failed.',
  },
]

/**
 * What the server may send as a Web Push to this customer's devices besides fired price alerts (decision 0037). Kept
 * per customer on the server (GET/PATCH /user/notification-preferences), unlike the rest, which is per browser.
 */
export const PUSH_CATEGORIES = {
  /** A deposit or withdrawal approved, rejected, completed, failed. */
  FUNDS: 'funds',
  /** A support reply while no tab of the app is open. */
  SUPPORT: 'support',
  /** A position closed by its take-profit, stop-loss or a stop-out. */
  TRADES: 'trades',
} as const
export type PushCategory = (typeof PUSH_CATEGORIES)[keyof typeof PUSH_CATEGORIES]

export const PUSH_CATEGORY_OPTIONS: readonly {
  category: PushCategory
  label: string
  description: string
}[] = [
  {
    category: PUSH_CATEGORIES.FUNDS,
    label: 'Deposits and withdrawals',
    description: 'Approved, rejected, completed.',
  },
  {
    category: PUSH_CATEGORIES.SUPPORT,
    label: 'Support replies',
    description: 'When no tab of the app is open.',
  },
  {
    category: PUSH_CATEGORIES.TRADES,
    label: 'Closed positions',
    description: 'Take-profit, stop-loss, stop-out.',
  },
]

export const PushPreferencesSchema = z.object({
  [PUSH_CATEGORIES.FUNDS]: z.catch(z.boolean(), true),
  [PUSH_CATEGORIES.SUPPORT]: z.catch(z.boolean(), true),
  [PUSH_CATEGORIES.TRADES]: z.catch(z.boolean(), true),
})
export type PushPreferences = z.infer<typeof PushPreferencesSchema>

export const DEFAULT_PUSH_PREFERENCES: PushPreferences = { funds: true, support: true, trades: true }

export const NotificationPreferencesSchema = z.object({
  sound: z.catch(z.boolean(), true),
  toasts: z.catch(
    z.object({
      [TOAST_EVENTS.ACCOUNT]: z.catch(z.boolean(), true),
      [TOAST_EVENTS.CONNECTION]: z.catch(z.boolean(), true),
    }),
    { account: true, connection: true },
  ),
  push: z.catch(PushPreferencesSchema, DEFAULT_PUSH_PREFERENCES),
})
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>

/** Everything on, as the app behaved before the choice existed. */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  sound: true,
  toasts: { account: true, connection: true },
  push: DEFAULT_PUSH_PREFERENCES,
}

/** The stored JSON, or the defaults for whatever is missing or not ours. */
export function parseNotificationPreferences(raw: string | null | undefined): NotificationPreferences {
  if (!raw) return DEFAULT_NOTIFICATION_PREFERENCES
  try {
    const parsed = NotificationPreferencesSchema.safeParse(JSON.parse(raw))
    return parsed.success ? parsed.data : DEFAULT_NOTIFICATION_PREFERENCES
  } catch {
    return DEFAULT_NOTIFICATION_PREFERENCES
  }
}

export const showsToast = (preferences: NotificationPreferences, event: ToastEvent) =>
  preferences.toasts[event]
