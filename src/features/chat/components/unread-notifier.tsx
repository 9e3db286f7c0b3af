import { MessageCircle } from 'lucide-react'
import type { CSSProperties } from 'react'
import { center, hstack, stack } from 'styled-system/patterns'
import { CHAT_MESSAGES } from '../../../domain/contract/chat'
import { Text } from '../../../components/ui/text'
import { useBottomBarHeightPx } from '../../../lib/bottom-bar-height'

const BAR_HEIGHT = '--bottom-bar-height'

/**
 * docs/product/chat.md#unread-notifier: the floating 'New Messages' alert. Shown by the caller while the unread count
 * is above 0 and the customer is elsewhere than the chat; tapping it opens the chat, which hides it.
 */
export function UnreadNotifier(props: { count: number; visible: boolean; onOpen: () => void }) {
  // Above a bar fixed at the bottom (the workspace's account summary), set on this element alone.
  const bottomBarPx = useBottomBarHeightPx()
  return (
    <div role="status" aria-live="polite">
      {props.visible ? (
        <button
          type="button"
          data-testid="unread-notifier"
          onClick={props.onOpen}
          style={bottomBarPx > 0 ? ({ [BAR_HEIGHT]: `${bottomBarPx}px` } as CSSProperties) : undefined}
          className={hstack({
            position: 'fixed',
            zIndex: 'banner',
            left: { base: '3', md: '6' },
            right: { base: '3', md: 'auto' },
            bottom: {
              base: 'calc(max(var(--bottom-bar-height, 0px), env(safe-area-inset-bottom)) + token(spacing.3))',
              md: 'calc(var(--bottom-bar-height, 0px) + token(spacing.6))',
            },
            maxW: { md: '24rem' },
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
            className={center({
              inline: true,
              flexShrink: 0,
              w: '10',
              h: '10',
              rounded: 'full',
              bg: 'accent.solid',
              color: 'accent.fg',
            })}
          >
            <MessageCircle size={20} />
          </span>
          <span className={stack({ gap: '0.5' })}>
            <Text as="strong" size="sm">
              {CHAT_MESSAGES.UNREAD_TITLE}
            </Text>
            <Text as="span" size="sm" tone="muted">
              {CHAT_MESSAGES.unreadBody(props.count)}
            </Text>
          </span>
        </button>
      ) : null}
    </div>
  )
}
