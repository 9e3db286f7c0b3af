// The service worker's bridge (squoosh style): registers /sw.js in production builds and tells the page when a
// new version waits. It never reloads on its own: the user chooses when, so no order is cut off mid-flight.

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
