import { useEffect } from 'react'
import { toast } from '../../../components/ui/toast'
import { NotificationEventSchema } from '../../../domain/contract/realtime'
import { showsToast, TOAST_EVENTS } from '../../../domain/notifications/preferences'
import { notificationPreferencesStore } from '../../../lib/notification-preferences'
import { useRealtimeClient } from '../client-store'

export const NOTIFICATION_SOUND_URL = '/sounds/notification.mp3'

/**
 * A notification.message as a toast (the outcome of a request, a stop-out, a price alert fired): said at once, not
 * only in the alert, unless this browser turned such toasts off in Settings
 * (docs/product/orders-and-alerts.md#notifications).
 */
function showNotificationToast(data: unknown) {
  const notification = NotificationEventSchema.safeParse(data)
  if (!notification.success || !showsToast(notificationPreferencesStore.get(), TOAST_EVENTS.ACCOUNT)) return
  const { title, message, color } = notification.data
  const show = color === 'danger' ? toast.error : color === 'success' ? toast.success : toast.info
  show(title, { description: message })
}

/**
 * The connection toasts (docs/product/realtime.md#connection-status), the notifications' toasts and the
 * notification sound. The hub sends each to exactly one tab per browser, so they show and play once however many
 * tabs are open; each is skipped when this browser turned it off in Settings, read at the moment it comes, so a
 * choice made in another tab counts at once.
 */
export function useRealtimeNotices() {
  const client = useRealtimeClient()
  useEffect(() => {
    if (!client) return
    const stopToasts = client.onToast((notice) => {
      if (notice.kind === 'notification') {
        showNotificationToast(notice.notification)
        return
      }
      if (!showsToast(notificationPreferencesStore.get(), TOAST_EVENTS.CONNECTION)) return
      const options = { id: 'realtime-connection', duration: notice.durationMs }
      if (notice.kind === 'failed') toast.error(notice.message, options)
      else if (notice.kind === 'connected') toast.success(notice.message, options)
      else toast.loading(notice.message, options)
    })
    const stopSound = client.onPlaySound(() => {
      if (!notificationPreferencesStore.get().sound) return
      new Audio(NOTIFICATION_SOUND_URL).play().catch((error: unknown) => console.error('Sound failed', error))
    })
    return () => {
      stopToasts()
      stopSound()
    }
  }, [client])
}
