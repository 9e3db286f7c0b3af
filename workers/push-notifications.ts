// The service worker's Web Push side (decision 0037), kept apart from sw.ts so tests import it without starting a
// worker: what a push shows (title, body, the app icon, a tag per alert so a repeat replaces it, the page to open),
// whether a visible tab of the app is there to show a toast instead, and where a click on the notification goes.
// Types only from the WebWorker lib; the events are wired in sw.ts.

export const APP_ICON_URL = '/icons/icon-192.png'
/** Where a notification leads when its push named no page: the trading workspace. */
export const DEFAULT_NOTIFICATION_URL = '/mt4'
/** A push without a tag of its own: one slot, so a burst of untagged pushes shows the latest. */
const DEFAULT_TAG = 'cfd-notification'

export interface PushNotification {
  title: string
  options: NotificationOptions & { tag: string; data: { url: string } }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '')

/**
 * The page a notification opens, on this app's origin only: a push's `url` that is not a same-origin path falls
 * back to /mt4. With `asset_id`, /mt4 opens on that asset (`?asset=`).
 */
export function notificationUrl(payload: Record<string, unknown>, origin: string): string {
  let path = DEFAULT_NOTIFICATION_URL
  const url = text(payload.url)
  if (url.startsWith('/') && !url.startsWith('//')) {
    const parsed = new URL(url, origin)
    if (parsed.origin === origin) path = `${parsed.pathname}${parsed.search}`
  }
  const assetId = text(payload.asset_id)
  if (assetId && path === DEFAULT_NOTIFICATION_URL) path = `${path}?asset=${encodeURIComponent(assetId)}`
  return new URL(path, origin).href
}

/**
 * A push's payload (JSON with `title` and `body`; `tag`, `url` and `asset_id` when the server sends them) as the
 * notification to show. A payload that is not JSON shows as its text under the site's name, since Chromium shows a
 * generic notice of its own for a push that shows nothing.
 */
export function notificationFromPush(raw: string | null, origin: string, siteName: string): PushNotification {
  let payload: Record<string, unknown> = {}
  if (raw !== null) {
    try {
      const parsed: unknown = JSON.parse(raw)
      payload = isRecord(parsed) ? parsed : { body: raw }
    } catch {
      payload = { body: raw }
    }
  }
  return {
    title: text(payload.title) || siteName,
    options: {
      body: text(payload.body),
      icon: APP_ICON_URL,
      badge: APP_ICON_URL,
      tag: text(payload.tag) || DEFAULT_TAG,
      data: { url: notificationUrl(payload, origin) },
    },
  }
}

/** The part of a WindowClient this file reads and calls. */
export interface AppWindow {
  url: string
  visibilityState: DocumentVisibilityState
  focused: boolean
  focus(): Promise<unknown>
  navigate(url: string): Promise<unknown>
}

/** When a tab of the app is visible, the tab shows the toast and the worker shows no system notification. */
export const hasVisibleWindow = (windows: readonly Pick<AppWindow, 'visibilityState'>[]) =>
  windows.some((window) => window.visibilityState === 'visible')

/**
 * A click on a notification: an open window of the app is brought forward and taken to the notification's page
 * (the focused or visible one first); with none open, a new window opens there. Focus can be refused (no user
 * activation when the click is synthetic): the window is still taken to the page.
 */
export async function openNotificationTarget(
  windows: readonly AppWindow[],
  url: string,
  openWindow: (url: string) => Promise<unknown>,
): Promise<'navigated' | 'opened'> {
  const ranked = [...windows].sort(
    (a, b) =>
      Number(b.focused) - Number(a.focused) ||
      Number(b.visibilityState === 'visible') - Number(a.visibilityState === 'visible'),
  )
  const target = ranked[0]
  if (!target) {
    await openWindow(url)
    return 'opened'
  }
  await target.focus().catch(() => undefined)
  if (target.url === url) return 'navigated'
  try {
    await target.navigate(url)
    return 'navigated'
  } catch {
    // A window this worker does not control cannot be navigated by it: open the page beside it.
    await openWindow(url)
    return 'opened'
  }
}
