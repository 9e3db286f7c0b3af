/// <reference lib="webworker" />
// The service worker (docs/architecture.md#offline): precaches the app shell, answers navigations with it offline,
// keeps the site settings network-first with the last good answer as fallback, and caches images with limits. It
// activates a new version only when the page asks (the "Update available" toast), never in the middle of an order. It
// shows Web Push notifications when no tab of the app is visible, and a click on one opens the app (decision 0037).
import { clientsClaim } from 'workbox-core'
import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import { ExpirationPlugin } from 'workbox-expiration'
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { CacheFirst, NetworkFirst } from 'workbox-strategies'
import { buildVersion, SW_MESSAGES, type SwVersionAnswer } from '../src/domain/site/service-worker'
import { DEFAULT_SITE_NAME } from '../src/domain/site/site-state'
import { hasVisibleWindow, notificationFromPush, openNotificationTarget } from './push-notifications'

declare const self: ServiceWorkerGlobalScope

export const SW_CACHES = { SETTINGS: 'api-settings', IMAGES: 'images' } as const

const MANIFEST = self.__WB_MANIFEST
const VERSION = buildVersion(MANIFEST)

precacheAndRoute(MANIFEST)
cleanupOutdatedCaches()

// Static routes (Chromium 123+, ignored elsewhere): the API and the realtime sockets go straight to the network
// without waking this worker. Without them every API call waits for the worker to start and pass it on, which
// measured 120-200 ms per call on /mt4's first load against 10-25 ms direct. Only the settings call, which has an
// offline fallback, still reaches the fetch handler; the rules are tried in order, the first match wins.
export const NETWORK_ONLY_PATHS = ['/api/*', '/socket.io/*', '/app/*', '/apps/*', '/metrics'] as const

interface StaticRouterRule {
  condition: { urlPattern: { pathname: string } }
  source: 'network' | 'fetch-event'
}
type InstallEventWithRoutes = ExtendableEvent & { addRoutes?: (rules: StaticRouterRule[]) => Promise<void> }

self.addEventListener('install', (event: ExtendableEvent) => {
  const install = event as InstallEventWithRoutes
  if (typeof install.addRoutes !== 'function') return
  const rules: StaticRouterRule[] = [
    { condition: { urlPattern: { pathname: '/api/v1/settings' } }, source: 'fetch-event' },
    ...NETWORK_ONLY_PATHS.map((pathname) => ({
      condition: { urlPattern: { pathname } },
      source: 'network' as const,
    })),
  ]
  event.waitUntil(
    install.addRoutes(rules).catch((error: unknown) => console.warn('Static routes were refused', error)),
  )
})

// The first install takes control at once so a first visit is already covered offline; later versions wait.
clientsClaim()

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/metrics/, /^\/apps\//, /^\/app\//, /^\/socket\.io\//],
  }),
)

registerRoute(
  ({ url, request }) => request.method === 'GET' && url.pathname === '/api/v1/settings',
  new NetworkFirst({
    cacheName: SW_CACHES.SETTINGS,
    // A hanging network is worse than yesterday's settings: fall back after 4 s.
    networkTimeoutSeconds: 4,
    plugins: [new CacheableResponsePlugin({ statuses: [200] })],
  }),
)

registerRoute(
  ({ request, url }) => request.destination === 'image' && !url.pathname.startsWith('/api/'),
  new CacheFirst({
    cacheName: SW_CACHES.IMAGES,
    plugins: [
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
    ],
  }),
)

self.addEventListener('message', (event) => {
  const type = (event.data as { type?: string } | null)?.type
  if (type === SW_MESSAGES.SKIP_WAITING) void self.skipWaiting()
  // The connection test (decision 0020) shows which build this worker serves.
  if (type === SW_MESSAGES.GET_VERSION) {
    const answer: SwVersionAnswer = { version: VERSION }
    event.ports[0]?.postMessage(answer)
  }
})

const appWindows = () => self.clients.matchAll({ type: 'window', includeUncontrolled: true })

// Web Push (decision 0037): a visible tab of the app shows the notification as its toast (the realtime hub picks
// one per browser), so the system notification is only for when none is.
self.addEventListener('push', (event: PushEvent) => {
  const shown = notificationFromPush(event.data?.text() ?? null, self.location.origin, DEFAULT_SITE_NAME)
  event.waitUntil(
    appWindows().then((windows) => {
      if (hasVisibleWindow(windows)) return
      return self.registration.showNotification(shown.title, shown.options)
    }),
  )
})

self.addEventListener('notificationclick', (event: NotificationEvent) => {
  event.notification.close()
  const data: unknown = event.notification.data
  const url =
    typeof data === 'object' && data !== null && typeof (data as { url?: unknown }).url === 'string'
      ? (data as { url: string }).url
      : new URL('/mt4', self.location.origin).href
  event.waitUntil(
    appWindows().then((windows) => openNotificationTarget(windows, url, (to) => self.clients.openWindow(to))),
  )
})
