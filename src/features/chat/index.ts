// Support chat (docs/product/chat.md#unread-notifier and #admin-console): the customer's chat, the admin console and
// the unread notifier. The realtime subscriptions are the routes' (features do not import each other): a route hands
// the conversation's onMessageSent / onMessageRead to useRealtimeEvent on CHANNELS.chatCustomer(customerId).
export { useConversation, type ChatViewer, type Conversation } from './hooks/use-conversation'
export { useOnline } from './hooks/use-browser-state'
export { CustomerChat } from './components/customer-chat'
export { AdminChatConsole } from './components/admin-chat-console'
export { UnreadNotifier } from './components/unread-notifier'
export { useUnreadCount, refreshUnreadCount, unreadCountQueryKey } from './api/get-unread-count'
export { getChatUsersQueryOptions } from './api/get-chat-users'
export { sendChatMessage, newClientMessageId } from './api/send-message'
