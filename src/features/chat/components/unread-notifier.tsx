import { MessageCircle } from 'lucide-react'
import { css } from 'styled-system/css'
import { CHAT_MESSAGES } from '../../../domain/contract/chat'

/**
 * docs/product/chat.md#unread-notifier: the floating 'New Messages' alert. Shown by the caller while the unread count
 * is above 0 and the customer is elsewhere than the chat; tapping it opens the chat, which hides it.
 */
export function UnreadNotifier(props: { count: number; visible: boolean; onOpen: () => void }) {
  return (
    <div role="status" aria-live="polite">
      {props.visible ? (
        <button
          type="button"
          data-testid="unread-notifier"
          onClick={props.onOpen}
          className={css({
            position: 'fixed',
            zIndex: 'banner',
            left: { base: '3', md: '6' },
            right: { base: '3', md: 'auto' },
            // Clear of a bar pinned to the viewport's bottom: the /mt4 workspace's account bar publishes its height
            // as --workspace-bottom-bar-height (src/features/trading/components/bottom-bar.tsx); unset elsewhere.
            // Phones: the bar covers the safe area, so the larger of the two, then the usual gap.
            bottom: {
              base: 'calc(max(var(--workspace-bottom-bar-height, 0px), env(safe-area-inset-bottom)) + token(spacing.3))',
              md: 'calc(var(--workspace-bottom-bar-height, 0px) + token(spacing.6))',
            },
            maxW: { md: '24rem' },
            display: 'flex',
            alignItems: 'center',
            gap: '3',
            px: '4',
            py: '3',
            textAlign: 'left',
            rounded: 'surface',
            bg: 'bg.overlay',
            borderWidth: '1px',
            borderColor: 'accent.border',
            boxShadow: 'overlay',
            cursor: 'pointer',
            animation: 'fadeIn 200ms ease-out',
            _hover: { bg: 'bg.hover' },
            focusVisibleRing: 'outside',
          })}
        >
          <span
            aria-hidden="true"
            className={css({
              flexShrink: 0,
              display: 'inline-flex',
              alignItems: 'center',
              justifyContent: 'center',
              w: '10',
              h: '10',
              rounded: 'full',
              bg: 'accent.solid',
              color: 'accent.fg',
            })}
          >
            <MessageCircle size={20} />
          </span>
          <span className={css({ display: 'flex', flexDir: 'column', gap: '0.5' })}>
            <strong className={css({ fontSize: 'sm' })}>{CHAT_MESSAGES.UNREAD_TITLE}</strong>
            <span className={css({ fontSize: 'sm', color: 'text.muted' })}>
              {CHAT_MESSAGES.unreadBody(props.count)}
            </span>
          </span>
        </button>
      ) : null}
    </div>
  )
}
