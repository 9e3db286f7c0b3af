import { css, cx } from 'styled-system/css'
import { center } from 'styled-system/patterns'

const styles = {
  base: center({
    inline: true,
    flexShrink: 0,
    rounded: 'full',
    overflow: 'hidden',
    fontSize: 'xs',
    fontWeight: 'bold',
    borderWidth: '1px',
  }),
  admin: css({ bg: 'accent.solid', color: 'accent.fg', borderColor: 'accent.border' }),
  customer: css({ bg: 'bg.raised', color: 'text.default', borderColor: 'border.default' }),
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
      className={cx(styles.base, props.admin ? styles.admin : styles.customer)}
      style={{ width: `var(--sizes-${size})`, height: `var(--sizes-${size})` }}
    >
      {props.src ? <img src={props.src} alt="" className={styles.image} /> : props.fallback}
    </span>
  )
}
