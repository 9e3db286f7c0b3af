// The service worker's bridge (squoosh style): registers /sw.js in production builds and tells the page when a
// new version waits. It never reloads on its own: the user chooses when, so no order is cut off mid-flight.
import { SW_MESSAGES, type SwVersionAnswer } from '../domain/site/service-worker'

export interface PwaCallbacks {
  onUpdateReady: (activate: () => void) => void | Promise<void>
}

export async function registerServiceWorker(callbacks: PwaCallbacks): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  // Loaded after start-up: the bridge is not needed for the first paint.
  const { Workbox } = await import('workbox-window')
  const workbox = new Workbox('/sw.js', { scope: '/' })

  workbox.addEventListener('waiting', () => {
    void callbacks.onUpdateReady(() => {
      // Reload once the new worker has taken control, so the page and its cache match.
      workbox.addEventListener('controlling', () => window.location.reload())
      workbox.messageSkipWaiting()
    })
  })

  workbox.register().catch((error: unknown) => console.warn('Service worker registration failed', error))
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
