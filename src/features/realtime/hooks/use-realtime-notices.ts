import { useEffect } from 'react'
import { useRealtimeClient } from '../client-store'

export const NOTIFICATION_SOUND_URL = '/sounds/notification.mp3'

/**
 * The connection toasts of spec 4 and the notification sound. The hub sends each to exactly one tab per browser,
 * so they show and play once however many tabs are open.
 */
export function useRealtimeNotices() {
  const client = useRealtimeClient()
  useEffect(() => {
    if (!client) return
    const stopToasts = client.onToast(async (notice) => {
      const { toast } = await import('../../../components/ui/toaster')
      const options = { id: 'realtime-connection', duration: notice.durationMs }
      if (notice.kind === 'failed') toast.error(notice.message, options)
      else if (notice.kind === 'connected') toast.success(notice.message, options)
      else toast.loading(notice.message, options)
    })
    const stopSound = client.onPlaySound(() => {
      new Audio(NOTIFICATION_SOUND_URL).play().catch((error: unknown) => console.error('Sound failed', error))
    })
    return () => {
      stopToasts()
      stopSound()
    }
  }, [client])
}
