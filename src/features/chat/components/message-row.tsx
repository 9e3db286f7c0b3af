import { CheckCheck } from 'lucide-react'
import { memo } from 'react'
import { css, cx } from 'styled-system/css'
import { flex, hstack, stack } from 'styled-system/patterns'
import { messageTime } from '../../../domain/chat/day-groups'
import { CHAT_MESSAGES, type ChatAttachment, type ChatMessage } from '../../../domain/contract/chat'
import { AttachmentView } from './attachment-view'
import { ChatAvatar } from './avatar'

// Class names made once: a virtualised list mounts rows on every scrolled frame, and each css() call costs.
const styles = {
  row: flex({ alignItems: 'flex-end', gap: '2', px: { base: '3', md: '4' }, py: '1' }),
  rowOwn: css({ justifyContent: 'flex-end' }),
  rowOther: css({ justifyContent: 'flex-start' }),
  column: flex({ flexDir: 'column', maxW: { base: '85%', md: '70%' }, minW: '0' }),
  columnOwn: css({ alignItems: 'flex-end' }),
  columnOther: css({ alignItems: 'flex-start' }),
  sender: css({ fontSize: 'xs', color: 'text.muted', mb: '1', px: '1', maxW: 'full', truncate: true }),
  bubble: stack({ gap: '2', px: '3', py: '2', rounded: 'xl', borderWidth: '1px', maxW: 'full', minW: '0' }),
  bubbleOwn: css({ bg: 'accent.subtle', borderColor: 'accent.border', borderBottomRightRadius: 'sm' }),
  bubbleSupport: css({ bg: 'bg.overlay', borderColor: 'accent.border', borderBottomLeftRadius: 'sm' }),
  bubbleCustomer: css({ bg: 'bg.raised', borderColor: 'border.default', borderBottomLeftRadius: 'sm' }),
  text: css({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 'sm', lineHeight: '1.45' }),
  meta: hstack({ gap: '1.5', mt: '1', px: '1', fontSize: 'xs', color: 'text.muted' }),
  read: css({ display: 'inline-flex', alignItems: 'center', gap: '1', color: 'accent' }),
  day: flex({ justifyContent: 'center', py: '3' }),
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
  const bubble = own ? styles.bubbleOwn : message.is_admin ? styles.bubbleSupport : styles.bubbleCustomer
  return (
    <div
      data-testid="chat-message"
      data-message-id={message.id}
      data-own={own ? 'true' : 'false'}
      data-admin={message.is_admin ? 'true' : 'false'}
      className={cx(styles.row, own ? styles.rowOwn : styles.rowOther)}
    >
      {showAvatar && !own ? avatar : null}
      <div className={cx(styles.column, own ? styles.columnOwn : styles.columnOther)}>
        {showSender ? (
          <span data-testid="chat-sender" className={styles.sender}>
            {message.is_admin ? `${message.sender.name} · Support` : message.sender.name}
          </span>
        ) : null}
        <div className={cx(styles.bubble, bubble)}>
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
