import { Archive, RadioTower } from 'lucide-react'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { css } from 'styled-system/css'
import { Box, Flex } from 'styled-system/jsx'
import { hstack, stack } from 'styled-system/patterns'
import { Button } from '../../../components/ui/button'
import { Spinner } from '../../../components/ui/spinner'
import type { ChatConnection } from '../../../domain/chat/composer'
import { CHAT_MESSAGES } from '../../../domain/contract/chat'
import { useDocumentVisible } from '../hooks/use-browser-state'
import { useComposer } from '../hooks/use-composer'
import type { Conversation } from '../hooks/use-conversation'
import { useSettledConnection } from '../hooks/use-settled-connection'
import { ChatComposer } from './composer'
import { MessageList, type MessageListHandle } from './message-list'
import { Text } from '../../../components/ui/text'

/** The pane's words in place of a conversation (none chosen yet, or it could not load), centred in the pane. */
export const centredPaneStyles = stack.raw({
  flex: '1',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '3',
  p: '6',
  textAlign: 'center',
})
const centredPane = css(centredPaneStyles)

export const SAVED_MESSAGES_NOTE = 'Showing saved messages - not live'

function Notice(props: { icon: ReactNode; children: ReactNode; testId: string; tone: 'warning' | 'muted' }) {
  return (
    <p
      role="status"
      data-testid={props.testId}
      className={hstack({
        gap: '2',
        px: { base: '3', md: '4' },
        py: '1.5',
        fontSize: 'xs',
        borderTopWidth: '1px',
        borderColor: 'border.default',
        color: props.tone === 'warning' ? 'warning' : 'text.muted',
        bg: props.tone === 'warning' ? 'warning.subtle' : 'bg.raised',
      })}
    >
      {props.icon}
      {props.children}
    </p>
  )
}

export interface ChatConversationProps {
  conversation: Conversation
  /** The connection as the realtime status says it now (settled here before it shows). */
  connection: ChatConnection
  signedIn: boolean
  emptyHint: string
  /** The composer's opening text; when given, the composer takes the focus with the caret after it. */
  initialText?: string | undefined
}

/**
 * The list, the notices and the composer of one conversation: what both sides share
 * (docs/product/chat.md#customer-chat and #composer).
 */
export function ChatConversation(props: ChatConversationProps) {
  const { conversation } = props
  const connection = useSettledConnection(props.connection)
  const visible = useDocumentVisible()
  const [atBottom, setAtBottom] = useState(true)
  const list = useRef<MessageListHandle | null>(null)
  const composer = useComposer({
    conversation: conversation.ref,
    signedIn: props.signedIn,
    connection,
    onSent: (message) => {
      conversation.keepSent(message)
      list.current?.scrollToBottom()
    },
    initialText: props.initialText,
  })

  // Seen means shown: this tab visible, the server's messages on screen, scrolled to the bottom.
  const { live, markSeen, catchUp } = conversation
  useEffect(() => {
    if (visible && atBottom && live) markSeen()
  }, [visible, atBottom, live, markSeen])

  // Back on the push connection: read receipts (not delivered by polling) and anything missed.
  const wasLive = useRef(props.connection === 'live')
  useEffect(() => {
    const isLive = props.connection === 'live'
    if (isLive && !wasLive.current) catchUp()
    wasLive.current = isLive
  }, [props.connection, catchUp])

  let body: ReactNode
  if (conversation.loading) {
    body = (
      <div
        role="status"
        className={hstack({
          flex: '1',
          justifyContent: 'center',
          gap: '2',
          color: 'text.muted',
          fontSize: 'sm',
        })}
      >
        {connection === 'disconnected' ? (
          'Messages will load when the connection is back.'
        ) : (
          <>
            <Spinner size="sm" />
            Loading messages...
          </>
        )}
      </div>
    )
  } else if (conversation.error) {
    body = (
      <div role="alert" className={centredPane}>
        <Text tone="danger" size="sm">
          {conversation.error}
        </Text>
        <Button variant="outline" size="sm" onClick={conversation.retry}>
          Retry
        </Button>
      </div>
    )
  } else {
    body = (
      <MessageList
        handle={list}
        messages={conversation.messages}
        viewerIsAdmin={conversation.viewerIsAdmin}
        hasOlder={conversation.hasOlder}
        loadingOlder={conversation.loadingOlder}
        onLoadOlder={conversation.loadOlder}
        onAtBottomChange={setAtBottom}
        emptyHint={props.emptyHint}
      />
    )
  }

  return (
    <Flex flex="1" minH="0" flexDir="column">
      {body}
      {!live && conversation.messages.length > 0 ? (
        <Notice testId="chat-saved-notice" tone="muted" icon={<Archive size={14} aria-hidden="true" />}>
          {SAVED_MESSAGES_NOTE}
        </Notice>
      ) : null}
      {connection === 'backup' ? (
        <Notice testId="chat-backup-notice" tone="warning" icon={<RadioTower size={14} aria-hidden="true" />}>
          {CHAT_MESSAGES.BACKUP_CONNECTION}
        </Notice>
      ) : null}
      <Box borderTopWidth="1px" borderColor="border.default" bg="bg.surface">
        <ChatComposer
          composer={composer}
          disabled={connection === 'disconnected' || conversation.ref === null}
          focusOnEnable={Boolean(props.initialText)}
        />
      </Box>
    </Flex>
  )
}
