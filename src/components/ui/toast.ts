// How the app shows a toast: `toast.success(message)`, `toast.error(...)`, as sonner's own `toast`, which it loads on
// the first call. Sonner and its stylesheet (10 KB gzip) are then not part of any page's first load: the signed-in
// shell can toast from its first render without carrying them until it does. Loading ./toaster also asks the root to
// mount the toaster (toaster-demand.ts), and sonner replays what was toasted before it mounted, so a toast is late by
// one chunk's fetch at most, and toasts keep their order (each waits on the same load).
import type { toast as sonnerToast } from 'sonner'

type SonnerToast = typeof sonnerToast
type Kind = 'success' | 'error' | 'info' | 'loading'

let loading: Promise<SonnerToast> | null = null
const loadToast = () => {
  loading ??= import('./toaster').then(
    (module) => module.toast,
    (error: unknown) => {
      // A chunk that failed to load (offline before the service worker had it): the next toast tries again.
      loading = null
      throw error
    },
  )
  return loading
}

const lost = (error: unknown) => console.warn('[toast] the toaster could not load', error)

const show =
  (kind: Kind | null) =>
  (...args: Parameters<SonnerToast>): void => {
    loadToast().then((toast) => void (kind === null ? toast(...args) : toast[kind](...args)), lost)
  }

export const toast = Object.assign(show(null), {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  loading: show('loading'),
  dismiss: (id?: string | number): void => {
    loadToast().then((toast) => void toast.dismiss(id), lost)
  },
})
