// The service worker's bridge (squoosh style): registers /sw.js in production builds and tells the page when a
// new version waits. It never reloads on its own: the user chooses when, so no order is cut off mid-flight.
import { SW_MESSAGES, type SwVersionAnswer } from '../domain/site/service-worker'
import { whenMainThreadQuiet } from './main-thread-quiet'

/**
 * The worker registers once the page's start is over: after `load`, and then after the main thread has run no long
 * task for this long (decision 0043, ninth pass). Its install precaches the whole app; begun at `load`, that work
 * took a core from a phone's start while the start was still running.
 */
export const SERVICE_WORKER_QUIET_MS = 2_000
/** The latest after `load` the worker registers on a page that never goes quiet: offline use waits no longer. */
export const SERVICE_WORKER_QUIET_CAP_MS = 20_000

export interface PwaCallbacks {
  onUpdateReady: (activate: () => void) => void | Promise<void>
}

export async function registerServiceWorker(callbacks: PwaCallbacks): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  // After the page's own load, as workbox-window waits, and after its start has gone quiet: the worker's precache
  // does not compete with the first visit.
  if (document.readyState !== 'complete') {
    await new Promise((resolve) => window.addEventListener('load', resolve, { once: true }))
  }
  await whenMainThreadQuiet({ quietMs: SERVICE_WORKER_QUIET_MS, capMs: SERVICE_WORKER_QUIET_CAP_MS })
  let registration: ServiceWorkerRegistration
  try {
    registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' })
  } catch (error) {
    console.warn('Service worker registration failed', error)
    return
  }
  // The browser's own API rather than workbox-window (2 KB gzip on the sign-in page, decision 0031): a worker that
  // waits is a new version, since a first install has no active worker to wait behind.
  let offered: ServiceWorker | null = null
  const offer = (waiting: ServiceWorker) => {
    if (offered === waiting) return
    offered = waiting
    void callbacks.onUpdateReady(() => {
      // Reload once the new worker has taken control, so the page and its cache match.
      navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
        once: true,
      })
      waiting.postMessage({ type: SW_MESSAGES.SKIP_WAITING })
    })
  }
  if (registration.waiting && registration.active) offer(registration.waiting)
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && registration.active) offer(installing)
    })
  })
}

export interface ServiceWorkerReport {
  /** A worker controls this page (it answers navigations and the settings call offline). */
  controlling: boolean
  /** installing, installed, activating, activated, or null without a registration. */
  state: ServiceWorkerState | null
  /** The build the active worker serves (workers/sw.ts answers GET_VERSION); null when it does not say. */
  version: string | null
  /** A newer worker waits for the user's Reload. */
  updateWaiting: boolean
}

/** What the connection test shows of the service worker; null where the browser has none. */
export async function readServiceWorkerState(timeoutMs = 2_000): Promise<ServiceWorkerReport | null> {
  if (!('serviceWorker' in navigator)) return null
  const registration = await navigator.serviceWorker.getRegistration()
  const active = registration?.active ?? null
  const version = active
    ? await new Promise<string | null>((resolve) => {
        const channel = new MessageChannel()
        const timer = setTimeout(() => resolve(null), timeoutMs)
        channel.port1.onmessage = (event: MessageEvent<SwVersionAnswer>) => {
          clearTimeout(timer)
          resolve(event.data?.version ?? null)
        }
        active.postMessage({ type: SW_MESSAGES.GET_VERSION }, [channel.port2])
      })
    : null
  return {
    controlling: navigator.serviceWorker.controller !== null,
    state: active?.state ?? registration?.installing?.state ?? null,
    version,
    updateWaiting: Boolean(registration?.waiting),
  }
}
