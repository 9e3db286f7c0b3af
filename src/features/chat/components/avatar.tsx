import { css, cva, cx } from 'styled-system/css'
import { center } from 'styled-system/patterns'

// Support's avatar on the accent, a customer's on the raised surface.
const tone = cva({
  variants: {
    admin: {
      true: { bg: 'accent.solid', color: 'accent.fg', borderColor: 'accent.border' },
      false: { bg: 'bg.raised', color: 'text.default', borderColor: 'border.default' },
    },
  },
})

// Class names made once: every message row of the virtualised list draws one.
const base = center({
  inline: true,
  flexShrink: 0,
  rounded: 'full',
  overflow: 'hidden',
  fontSize: 'xs',
  fontWeight: 'bold',
  borderWidth: '1px',
})
const styles = {
  admin: cx(base, tone({ admin: true })),
  customer: cx(base, tone({ admin: false })),
  image: css({ w: 'full', h: 'full', objectFit: 'cover' }),
}

/**
 * A sender's picture, or letters in its place: support staff fall back to 'A' (docs/product/chat.md#admin-console),
 * customers to their initials. Decorative: the name is always given in text beside it.
 */
export function ChatAvatar(props: {
  src: string | null
  fallback: string
  admin?: boolean
  size?: 'sm' | 'md'
}) {
  const size = props.size === 'md' ? '10' : '8'
  return (
    <span
      aria-hidden="true"
      data-testid="chat-avatar"
      className={props.admin ? styles.admin : styles.customer}
      style={{ width: `var(--sizes-${size})`, height: `var(--sizes-${size})` }}
    >
      {props.src ? <img src={props.src} alt="" className={styles.image} /> : props.fallback}
    </span>
  )
}
