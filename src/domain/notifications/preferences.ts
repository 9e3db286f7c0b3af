// Which notifications this browser wants (decision 0020): the notification sound, and which kinds of event show a
// toast. Kept per browser, like the theme and the display currency; the alert of
// docs/product/orders-and-alerts.md#notifications (the first unread notification) always shows, as do the answers to
// what the user just did (an order placed, a form saved).
import { z } from 'zod'

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

export const NotificationPreferencesSchema = z.object({
  sound: z.boolean().catch(true),
  toasts: z
    .object({
      [TOAST_EVENTS.ACCOUNT]: z.boolean().catch(true),
      [TOAST_EVENTS.CONNECTION]: z.boolean().catch(true),
    })
    .catch({ account: true, connection: true }),
})
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>

/** Everything on, as the app behaved before the choice existed. */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  sound: true,
  toasts: { account: true, connection: true },
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
