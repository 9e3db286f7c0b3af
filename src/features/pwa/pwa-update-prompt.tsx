import { useEffect } from 'react'
import { toast } from '../../components/ui/toast'
import { registerServiceWorker } from '../../lib/pwa'

export const UPDATE_TOAST_ID = 'pwa-update'

/** Shows "Update available" with Reload when a new version of the app is ready (docs/architecture.md#offline). */
export function PwaUpdatePrompt() {
  useEffect(() => {
    void registerServiceWorker({
      onUpdateReady: (activate) => {
        toast('Update available', {
          id: UPDATE_TOAST_ID,
          description: 'A new version of the app is ready.',
          duration: Infinity,
          action: { label: 'Reload', onClick: activate },
        })
      },
    })
  }, [])
  return null
}
