import type { ReactNode } from 'react'
import { cva, cx } from 'styled-system/css'

// A small count in a pill (requests waiting, unread messages, rows in a section), beside what it counts. A number
// alone says little to a screen reader: put the words after it in a <VisuallyHidden as="span"> (" pending",
// " unread"). A status with words and an icon is a StatusChip, not a Badge.

const badge = cva({
  base: {
    display: 'inline-block',
    flexShrink: 0,
    minW: '5',
    px: '1.5',
    rounded: 'pill',
    fontSize: 'xs',
    fontWeight: 'semibold',
    lineHeight: '1.25rem',
    letterSpacing: 'normal',
    textAlign: 'center',
  },
  variants: {
    tone: {
      /** On the accent: something waits for the reader (requests to decide). */
      accent: { bg: 'accent.default', color: 'accent.fg' },
      /** On the danger colour, bold: unread messages. */
      danger: { bg: 'danger.solid', color: 'danger.fg', fontWeight: 'bold' },
      /** Quiet: how many rows a section holds. */
      neutral: { bg: 'bg.hover', color: 'text.default' },
    },
  },
  defaultVariants: { tone: 'neutral' },
})

export interface BadgeProps {
  tone?: 'accent' | 'danger' | 'neutral'
  children: ReactNode
  className?: string
  'data-testid'?: string
}

export function Badge(props: BadgeProps) {
  return (
    <span data-testid={props['data-testid']} className={cx(badge({ tone: props.tone }), props.className)}>
      {props.children}
    </span>
  )
}
