// The one page module that touches the browser's Push API and notification permission (decision 0037): whether
// push is supported here, the permission, and this device's subscription through the service worker's
// registration. The server side (the key, storing and deleting the subscription) is the account feature's api.
import {
  subscriptionRequest,
  supportsPush,
  PUSH_TEXTS,
  type NotificationPermissionState,
} from '../domain/notifications/web-push'

/** How long to wait for the service worker before saying it is not running (it registers after the first paint). */
const SERVICE_WORKER_WAIT_MS = 10_000

export function pushSupported(): boolean {
  return supportsPush({
    pushManager: typeof window !== 'undefined' && 'PushManager' in window,
    serviceWorker: typeof navigator !== 'undefined' && 'serviceWorker' in navigator,
    notification: typeof window !== 'undefined' && 'Notification' in window,
  })
}

export const notificationPermission = (): NotificationPermissionState => Notification.permission

export async function requestNotificationPermission(): Promise<NotificationPermissionState> {
  return Notification.requestPermission()
}

async function registration(): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(PUSH_TEXTS.NO_SERVICE_WORKER)), SERVICE_WORKER_WAIT_MS)
  })
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout])
  } finally {
    clearTimeout(timer)
  }
}

/** This device's subscription, or null; null too where there is no service worker registered yet. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  const existing = await navigator.serviceWorker.getRegistration()
  if (!existing) return null
  return existing.pushManager.getSubscription()
}

/** Subscribes with the server's VAPID key (base64url) and answers what POST /push/subscriptions takes. */
export async function subscribeToPush(applicationServerKey: string) {
  const ready = await registration()
  const subscription = await ready.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey })
  const request = subscriptionRequest(subscription.toJSON())
  if (!request) {
    await subscription.unsubscribe().catch(() => false)
    throw new Error(PUSH_TEXTS.SUBSCRIBE_FAILED)
  }
  return { subscription, request }
}
