import { useEffect } from 'react'
import { toast } from '../../components/ui/toast'

export const UPDATE_TOAST_ID = 'pwa-update'

/**
 * Shows "Update available" with Reload when a new version of the app is ready (docs/architecture.md#offline). The
 * service worker's bridge (src/lib/pwa.ts) is fetched when the page mounts, not carried by the entry: it registers
 * the worker only once the page's start is over anyway, and the login page's entry is held to its budget (decision
 * 0025).
 */
export function PwaUpdatePrompt() {
  useEffect(() => {
    import('../../lib/pwa')
      .then(({ registerServiceWorker }) =>
        registerServiceWorker({
          onUpdateReady: (activate) => {
            toast('Update available', {
              id: UPDATE_TOAST_ID,
              description: 'A new version of the app is ready.',
              duration: Infinity,
              action: { label: 'Reload', onClick: activate },
            })
          },
        }),
      )
      .catch((error: unknown) => console.warn('Service worker registration failed', error))
  }, [])
  return null
}
