import { useEffect } from 'react'
import { registerServiceWorker } from '../../lib/pwa'

export const UPDATE_TOAST_ID = 'pwa-update'

/** Shows "Update available" with Reload when a new version of the app is ready (DESIGN section 5). */
export function PwaUpdatePrompt() {
  useEffect(() => {
    void registerServiceWorker({
      onUpdateReady: async (activate) => {
        const { toast } = await import('../../components/ui/toaster')
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
