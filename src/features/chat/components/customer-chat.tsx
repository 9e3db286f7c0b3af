import { Box, Flex } from 'styled-system/jsx'
import { hstack } from 'styled-system/patterns'
import type { ChatConnection } from '../../../domain/chat/composer'
import type { Conversation } from '../hooks/use-conversation'
import { ChatAvatar } from './avatar'
import { ChatConversation } from './chat-conversation'
import { Surface } from '../../../components/ui/surface'
import { Text } from '../../../components/ui/text'

/** docs/product/chat.md#customer-chat: the customer's one conversation, with the support team. */
export function CustomerChat(props: {
  conversation: Conversation
  connection: ChatConnection
  signedIn: boolean
  /** The composer's opening text (/main/chat?about=<reference>). */
  initialText?: string | undefined
}) {
  return (
    <Surface
      as="section"
      aria-label="Support chat"
      display="flex"
      flex="1"
      minH="0"
      flexDir="column"
      overflow="hidden"
    >
      <header
        className={hstack({
          gap: '3',
          px: { base: '3', md: '4' },
          py: '3',
          borderBottomWidth: '1px',
          borderColor: 'border.default',
        })}
      >
        <ChatAvatar src={null} fallback="A" admin size="md" />
        <Box minW="0">
          <Box as="h2" fontWeight="semibold">
            Support team
          </Box>
          <Text size="xs" tone="muted">
            Questions about your account, deposits or trades: we are here to help.
          </Text>
        </Box>
      </header>
      <Flex flex="1" minH="0" flexDir="column" bg="bg.app">
        <ChatConversation
          conversation={props.conversation}
          connection={props.connection}
          signedIn={props.signedIn}
          initialText={props.initialText}
          emptyHint="Send a message below to start a conversation with our support team."
        />
      </Flex>
    </Surface>
  )
}
