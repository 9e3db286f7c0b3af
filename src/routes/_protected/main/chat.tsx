import { createFileRoute } from '@tanstack/react-router'
import { useMemo } from 'react'
import { css } from 'styled-system/css'
import { aboutMessage, ChatSearchSchema } from '../../../domain/chat/about'
import { CustomerChat, useConversation } from '../../../features/chat'
import { useSession } from '../../../features/session'
import { PageHeader } from '../../../features/shell'
import { useChatChannel, useChatConnection } from '../../-chat-realtime'

/**
 * docs/product/chat.md#customer-chat: the customer's support chat, inside the account area. `?about=<reference>` (a
 * transaction's "Ask about this", decision 0019) opens the composer with the reference in it.
 */
export const Route = createFileRoute('/_protected/main/chat')({
  validateSearch: ChatSearchSchema,
  component: CustomerChatPage,
})

function CustomerChatPage() {
  const userId = useSession((state) => state.user?.id ?? null)
  const isAdmin = useSession((state) => state.user?.role === 'admin')
  const signedIn = useSession((state) => Boolean(state.user && state.token))
  const viewer = useMemo(() => (userId === null ? null : { id: userId, isAdmin }), [userId, isAdmin])
  // A customer's conversation is their own: its id is theirs.
  const conversation = useConversation({ customerId: isAdmin ? null : userId, viewer })
  useChatChannel(isAdmin ? null : userId, conversation)
  const connection = useChatConnection()
  const { about } = Route.useSearch()

  return (
    <div
      className={css({
        display: 'flex',
        flexDir: 'column',
        // The shell's bar (3.5rem) and its padding (1rem or 2rem each side): the chat fills the rest of the screen.
        h: { base: 'calc(100dvh - 3.5rem - 2rem)', md: 'calc(100dvh - 3.5rem - 4rem)' },
        minH: '26rem',
      })}
    >
      <PageHeader title="Support chat" trail={[{ label: 'Support' }, { label: 'Support chat' }]} />
      <CustomerChat
        conversation={conversation}
        connection={connection}
        signedIn={signedIn}
        initialText={about ? aboutMessage(about) : undefined}
      />
    </div>
  )
}
