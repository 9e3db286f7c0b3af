// 'Push notifications on this device' in Settings (decision 0037), pure so the switch and its tests agree: whether
// this browser can take pushes at all, what the switch says in each state, and how to allow notifications once
// they are blocked (a page cannot ask again: only the browser's site settings can lift a block).

export interface PushCapabilities {
  /** `'PushManager' in window`. */
  pushManager: boolean
  /** `'serviceWorker' in navigator`. */
  serviceWorker: boolean
  /** `'Notification' in window`. */
  notification: boolean
}

/** Shown only where the browser supports push: a PushManager, a service worker and notifications. */
export const supportsPush = (can: PushCapabilities) =>
  can.pushManager && can.serviceWorker && can.notification

export type NotificationPermissionState = 'default' | 'granted' | 'denied'

export const PUSH_TEXTS = {
  LABEL: 'Push notifications on this device',
  DESCRIPTION:
    'Price alerts, and the updates you chose, reach this device as system notifications while no tab of the app is open.',
  BLOCKED_TITLE: 'Notifications are blocked for this site',
  BLOCKED:
    "To allow them, open this site's settings in your browser (the icon at the left of the address bar, or Settings → Privacy and security → Site settings), set Notifications to Allow, then turn this on again.",
  NOT_GRANTED: 'The browser did not allow notifications, so nothing was turned on.',
  NO_SERVICE_WORKER: "The app's offline worker is not running. Reload the page and try again.",
  SUBSCRIBE_FAILED: 'This device could not be subscribed to push notifications.',
  UNSUBSCRIBE_FAILED: 'Push notifications could not be turned off on this device.',
  TURNED_ON: 'Push notifications are on for this device.',
  TURNED_OFF: 'Push notifications are off for this device.',
} as const

/** What the switch shows: on only with the browser's permission and a live subscription. */
export function pushSwitchState(permission: NotificationPermissionState, subscribed: boolean) {
  return {
    checked: permission === 'granted' && subscribed,
    /** A block is lifted only in the browser's settings: the switch cannot ask again and says so. */
    blocked: permission === 'denied',
  }
}

/** The browser's PushSubscription.toJSON() as POST /push/subscriptions takes it; null when a part is missing. */
export function subscriptionRequest(
  json: { endpoint?: string; keys?: Record<string, string> } | null | undefined,
): { endpoint: string; keys: { p256dh: string; auth: string } } | null {
  const endpoint = json?.endpoint
  const p256dh = json?.keys?.p256dh
  const auth = json?.keys?.auth
  if (!endpoint || !p256dh || !auth) return null
  return { endpoint, keys: { p256dh, auth } }
}
