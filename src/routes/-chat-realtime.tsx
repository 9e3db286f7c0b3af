// The chat's wiring to the realtime hub, shared by /main/chat, /admin/chat and the protected layout's unread
// notifier. Routes compose features: the chat feature gives handlers and components, the realtime feature the
// subscriptions and the connection status.
import { useEffect, useMemo } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate, useRouterState } from '@tanstack/react-router'
import { chatConnection, type ChatConnection } from '../domain/chat/composer'
import { unreadNotifierVisible, CHAT_PATH } from '../domain/chat/unread'
import { CHANNELS, PUSH_EVENTS, REALTIME_TIMINGS } from '../domain/contract/realtime'
import { refreshUnreadCount, UnreadNotifier, useOnline, useUnreadCount } from '../features/chat'
import { useRealtimeEvent, useRealtimeStatus } from '../features/realtime'
import { coalesce } from '../lib/coalesce'

/** message.sent and message.read of one conversation, while mounted (null: none). */
export function useChatChannel(
  customerId: number | null,
  handlers: { onMessageSent: (data: unknown) => void; onMessageRead: (data: unknown) => void },
) {
  const channel = customerId === null ? null : CHANNELS.chatCustomer(customerId)
  useRealtimeEvent(channel, PUSH_EVENTS.MESSAGE_SENT, handlers.onMessageSent)
  useRealtimeEvent(channel, PUSH_EVENTS.MESSAGE_READ, handlers.onMessageRead)
}

/** Live (push), backup (the hub polls) or disconnected (offline). */
export function useChatConnection(): ChatConnection {
  const status = useRealtimeStatus()
  const online = useOnline()
  return chatConnection({ status: status.status, polling: status.polling, online })
}

/** Events this close together ask for the unread count once. */
const UNREAD_REFRESH_BURST_MS = 50

/**
 * docs/product/chat.md#unread-notifier for a signed-in customer: the unread count from the server (so every tab
 * agrees), refreshed by the conversation's events and, while the push connection is down, every 5 s; the alert off
 * the chat page.
 */
export function CustomerUnreadNotifier(props: { customerId: number }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const connection = useChatConnection()
  // A message sent while the first answer is on its way, or before this tab's subscription reached the hub, comes
  // as an event (the hub catches a tab up when it joins a live channel, decision 0032) and asks again. A catch-up
  // is the conversation's newest page, one event per message: one request answers the burst.
  const refresher = useMemo(
    () => coalesce(() => void refreshUnreadCount(queryClient), UNREAD_REFRESH_BURST_MS),
    [queryClient],
  )
  useEffect(() => refresher.cancel, [refresher])
  useChatChannel(props.customerId, { onMessageSent: refresher.call, onMessageRead: refresher.call })
  const unread = useUnreadCount({
    userId: props.customerId,
    pollMs: connection === 'live' ? false : REALTIME_TIMINGS.CHAT_POLL_MS,
  })
  const count = unread.data ?? 0
  return (
    <UnreadNotifier
      count={count}
      visible={unreadNotifierVisible(count, pathname)}
      onOpen={() => void navigate({ to: CHAT_PATH })}
    />
  )
}
