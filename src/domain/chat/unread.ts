// docs/product/chat.md#unread-notifier: the floating 'New Messages' alert shows while the unread count is above 0 and
// the customer is not on the chat page; entering the chat page hides it.

export const CHAT_PATH = '/main/chat'

const onChatPage = (pathname: string) => pathname.replace(/\/+$/, '') === CHAT_PATH

export const unreadNotifierVisible = (unreadCount: number, pathname: string) =>
  unreadCount > 0 && !onChatPage(pathname)
