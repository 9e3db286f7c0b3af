// Which of the user's notifications shows, and how (docs/product/data-model.md#notification,
// docs/product/orders-and-alerts.md#notifications).

export interface NotificationFacts {
  id: string | number
  color: string
  read: boolean
}

/** Ids the client made up itself ('temp-...'): the server has never heard of them, so they are only hidden. */
export const LOCAL_NOTIFICATION_PREFIX = 'temp-'
export const isLocalNotification = (id: string | number) =>
  typeof id === 'string' && id.startsWith(LOCAL_NOTIFICATION_PREFIX)

export const NOTIFICATION_TONES = ['danger', 'success', 'warning', 'info'] as const
export type NotificationTone = (typeof NOTIFICATION_TONES)[number]

/** The colour names the server sends are danger, success and warning; anything else reads as information. */
export const notificationTone = (color: string): NotificationTone =>
  (NOTIFICATION_TONES as readonly string[]).includes(color) ? (color as NotificationTone) : 'info'

/**
 * docs/product/orders-and-alerts.md#notifications: the first unread one is shown; those dismissed on this page
 * (hiddenIds) are passed over.
 */
export function firstUnreadNotification<T extends NotificationFacts>(
  notifications: readonly T[],
  hiddenIds: ReadonlySet<string>,
): T | null {
  return (
    notifications.find((notification) => !notification.read && !hiddenIds.has(String(notification.id))) ??
    null
  )
}
