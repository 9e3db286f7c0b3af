import { CheckCheck } from 'lucide-react'
import { memo } from 'react'
import { css, sva } from 'styled-system/css'
import { center, hstack } from 'styled-system/patterns'
import { messageTime } from '../../../domain/chat/day-groups'
import { CHAT_MESSAGES, type ChatAttachment, type ChatMessage } from '../../../domain/contract/chat'
import { AttachmentView } from './attachment-view'
import { ChatAvatar } from './avatar'

// One recipe for a message's row, column and bubble, by who sent it: own messages on the right, support's and
// customers' on the left, each bubble in its own colours.
const messageParts = sva({
  slots: ['row', 'column', 'bubble'],
  base: {
    row: { display: 'flex', alignItems: 'flex-end', gap: '2', px: { base: '3', md: '4' }, py: '1' },
    column: { display: 'flex', flexDir: 'column', maxW: { base: '85%', md: '70%' }, minW: '0' },
    bubble: {
      display: 'flex',
      flexDir: 'column',
      gap: '2',
      px: '3',
      py: '2',
      rounded: 'xl',
      borderWidth: '1px',
      maxW: 'full',
      minW: '0',
    },
  },
  variants: {
    from: {
      own: {
        row: { justifyContent: 'flex-end' },
        column: { alignItems: 'flex-end' },
        bubble: { bg: 'accent.subtle', borderColor: 'accent.border', borderBottomRightRadius: 'sm' },
      },
      support: {
        row: { justifyContent: 'flex-start' },
        column: { alignItems: 'flex-start' },
        bubble: { bg: 'bg.overlay', borderColor: 'accent.border', borderBottomLeftRadius: 'sm' },
      },
      customer: {
        row: { justifyContent: 'flex-start' },
        column: { alignItems: 'flex-start' },
        bubble: { bg: 'bg.raised', borderColor: 'border.default', borderBottomLeftRadius: 'sm' },
      },
    },
  },
})

// Class names made once: a virtualised list mounts rows on every scrolled frame, and each css() call costs.
const FROM = {
  own: messageParts({ from: 'own' }),
  support: messageParts({ from: 'support' }),
  customer: messageParts({ from: 'customer' }),
}
const styles = {
  sender: css({ fontSize: 'xs', color: 'text.muted', mb: '1', px: '1', maxW: 'full', truncate: true }),
  text: css({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 'sm', lineHeight: '1.45' }),
  meta: hstack({ gap: '1.5', mt: '1', px: '1', fontSize: 'xs', color: 'text.muted' }),
  read: hstack({ display: 'inline-flex', gap: '1', color: 'accent' }),
  day: center({ py: '3' }),
  dayLabel: css({
    px: '3',
    py: '1',
    rounded: 'pill',
    bg: 'bg.raised',
    borderWidth: '1px',
    borderColor: 'border.default',
    fontSize: 'xs',
    fontWeight: 'medium',
    color: 'text.muted',
  }),
}

function senderFallback(message: ChatMessage): string {
  if (message.is_admin) return 'A'
  return (message.sender.first_name || message.sender.name).trim().charAt(0).toUpperCase() || '?'
}

export interface MessageRowProps {
  message: ChatMessage
  /** From the viewer's side: shown on the right. */
  own: boolean
  /** First of a run from the same sender: the name shows above it. */
  showSender: boolean
  onOpenImage: (attachment: ChatAttachment) => void
}

/**
 * One message. Text, names and file names are React text, never markup: whatever a sender types shows as typed.
 * Own messages sit on the right; support's are styled apart and carry an avatar ('A' without a picture).
 */
export const MessageRow = memo(function MessageRow({
  message,
  own,
  showSender,
  onOpenImage,
}: MessageRowProps) {
  const avatar = (
    <ChatAvatar src={message.sender.avatar} fallback={senderFallback(message)} admin={message.is_admin} />
  )
  const showAvatar = message.is_admin || !own
  const classes = own ? FROM.own : message.is_admin ? FROM.support : FROM.customer
  return (
    <div
      data-testid="chat-message"
      data-message-id={message.id}
      data-own={own ? 'true' : 'false'}
      data-admin={message.is_admin ? 'true' : 'false'}
      className={classes.row}
    >
      {showAvatar && !own ? avatar : null}
      <div className={classes.column}>
        {showSender ? (
          <span data-testid="chat-sender" className={styles.sender}>
            {message.is_admin ? `${message.sender.name} · Support` : message.sender.name}
          </span>
        ) : null}
        <div className={classes.bubble}>
          {message.message ? (
            <p data-testid="chat-message-text" className={styles.text}>
              {message.message}
            </p>
          ) : null}
          {message.attachments.map((attachment) => (
            <AttachmentView key={attachment.id} attachment={attachment} onOpenImage={onOpenImage} />
          ))}
        </div>
        <div className={styles.meta}>
          <time dateTime={message.created_at}>{messageTime(message.created_at)}</time>
          {own && message.read_at ? (
            <span data-testid="chat-read" className={styles.read}>
              <CheckCheck size={14} aria-hidden="true" />
              {CHAT_MESSAGES.READ}
            </span>
          ) : null}
        </div>
      </div>
      {showAvatar && own ? avatar : null}
    </div>
  )
})

export function DayHeading(props: { label: string }) {
  return (
    <div className={styles.day}>
      <span data-testid="chat-day" className={styles.dayLabel}>
        {props.label}
      </span>
    </div>
  )
}
