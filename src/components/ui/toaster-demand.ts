// Whether anything on the page can show a toast yet. The root mounts the toaster (sonner, ~10 KB gzip) only once a
// module that toasts has loaded (`toaster.tsx` asks here as it loads), so a page that never toasts, like the login
// page, never downloads it. Nothing is lost meanwhile: sonner replays the toasts created before its Toaster
// subscribed.
let wanted = false
const listeners = new Set<() => void>()

export const toasterDemand = {
  request() {
    if (wanted) return
    wanted = true
    for (const listener of listeners) listener()
  },
  subscribe(listener: () => void) {
    listeners.add(listener)
    return () => void listeners.delete(listener)
  },
  isWanted: () => wanted,
}
