import { useState } from 'react'
import { styled } from 'styled-system/jsx'
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

// Under menus, dialogs and toasts, and hidden while one is open: it never blocks what the customer is doing.
const AlertFrame = styled('aside', {
  base: { position: 'fixed', zIndex: 'docked', bg: 'bg.overlay', rounded: 'surface', shadow: 'overlay' },
  variants: {
    placement: {
      // Top right, below the account area's header; on phones at the bottom, where it covered the page's title at
      // the top (decision 0018).
      page: {
        top: { base: 'auto', md: '4.5rem' },
        bottom: { base: 'calc(0.75rem + env(safe-area-inset-bottom))', md: 'auto' },
        insetInline: { base: '3', md: 'auto' },
        right: { md: '6' },
        w: { md: '24rem' },
      },
      // The trading workspace: on a desktop over the chart's top (below the header, the trade bar and the chart's
      // toolbar, clear of the market watch), so no order control is covered. On phones over the chart's plot, below
      // its timeframe buttons (15.5rem from the top at 390 px): the one band of the phone's workspace with no control
      // in it. At the bottom it covered the positions list's rows and their Close buttons; at 13.5rem, the
      // timeframe buttons.
      workspace: {
        top: { base: '15.5rem', md: '10.5rem' },
        insetInline: { base: '3', md: 'auto' },
        left: { md: '50%' },
        transform: { md: 'translateX(-50%)' },
        w: { md: '24rem' },
      },
    },
  },
})

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
    <AlertFrame aria-label="Notification" data-testid="notification-alert" placement={props.placement}>
      <AlertBox
        key={key}
        variant={VARIANTS[notificationTone(notification.color)]}
        title={notification.title}
        description={notification.message}
        onClose={dismiss}
      />
    </AlertFrame>
  )
}
