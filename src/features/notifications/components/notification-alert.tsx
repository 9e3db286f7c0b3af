import { useState } from 'react'
import { css, cx } from 'styled-system/css'
import { AlertBox, type AlertBoxVariant } from '../../../components/ui/alert-box'
import { useAnyLayerOpen } from '../../../components/ui/use-any-layer-open'
import type { User } from '../../../domain/contract/user'
import {
  firstUnreadNotification,
  isLocalNotification,
  notificationTone,
  type NotificationTone,
} from '../../../domain/notifications/notifications'
import { useMarkNotificationRead } from '../api/mark-notification-read'

const VARIANTS: Readonly<Record<NotificationTone, AlertBoxVariant>> = {
  danger: 'destructive',
  success: 'success',
  warning: 'warning',
  info: 'default',
}

export type NotificationPlacement = 'page' | 'workspace'

// Top right, below the account area's header; on phones at the bottom, where it covered the page's title at the top
// (decision 0018). On the trading workspace it sits over the chart instead (below the header, the trade bar and the
// chart's toolbar, clear of the market watch), so no order control is covered.
const PLACEMENTS: Readonly<Record<NotificationPlacement, string>> = {
  page: css({
    top: { base: 'auto', md: '4.5rem' },
    bottom: { base: 'calc(0.75rem + env(safe-area-inset-bottom))', md: 'auto' },
    insetInline: { base: '3', md: 'auto' },
    right: { md: '6' },
    w: { md: '24rem' },
  }),
  workspace: css({
    top: { base: '13.5rem', md: '10.5rem' },
    insetInline: { base: '3', md: 'auto' },
    left: { md: '50%' },
    transform: { md: 'translateX(-50%)' },
    w: { md: '24rem' },
  }),
}

export interface NotificationAlertProps {
  notifications: User['notifications']
  placement: NotificationPlacement
  /** Reloads the signed-in user once a notification is marked read (the session feature owns the user). */
  onRead: () => Promise<unknown>
}

/**
 * The first unread notification of the user (docs/product/orders-and-alerts.md#notifications), in its colour.
 * Dismissing it marks it read and reloads the user; an id the client made up ('temp-...') is only hidden here.
 */
export function NotificationAlert(props: NotificationAlertProps) {
  const [hiddenIds, setHiddenIds] = useState<ReadonlySet<string>>(() => new Set())
  const markRead = useMarkNotificationRead()
  const notification = firstUnreadNotification(props.notifications, hiddenIds)
  // Never over an open ticket, menu or dialog (decision 0022: the welcome note covered the ticket's volume): it
  // waits, and shows again once the layer closes.
  const layerOpen = useAnyLayerOpen()
  if (!notification || layerOpen) return null

  const key = String(notification.id)
  const dismiss = () => {
    // Hidden at once; the next one (if any) shows while the server is told.
    setHiddenIds((ids) => new Set(ids).add(key))
    if (isLocalNotification(notification.id)) return
    markRead.mutate(notification.id, {
      onSuccess: () => props.onRead(),
      onError: (error) => {
        // Still unread on the server: show it again rather than pretend.
        console.error('Failed to mark the notification read', error)
        setHiddenIds((ids) => {
          const next = new Set(ids)
          next.delete(key)
          return next
        })
      },
    })
  }

  return (
    <aside
      aria-label="Notification"
      data-testid="notification-alert"
      className={cx(
        // Under menus, dialogs and toasts, and hidden while one is open: it never blocks what the customer is doing.
        css({ position: 'fixed', zIndex: 'docked', bg: 'bg.overlay', rounded: 'surface', shadow: 'overlay' }),
        PLACEMENTS[props.placement],
      )}
    >
      <AlertBox
        key={key}
        variant={VARIANTS[notificationTone(notification.color)]}
        title={notification.title}
        description={notification.message}
        onClose={dismiss}
      />
    </aside>
  )
}
