import type { ReactNode } from 'react'
import { cva, cx } from 'styled-system/css'

// A small count in a pill (requests waiting, unread messages, rows in a section), beside what it counts. A number
// alone says little to a screen reader: put the words after it in a <VisuallyHidden as="span"> (" pending",
// " unread"). `kind="label"` is a word or two in the same pill, with an optional small icon before them (a plan's
// 'Recommended', a market's 'Open'). A status with words and an icon is a StatusChip, not a Badge.

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
      /** On the accent's solid colour: the one thing marked out among its peers ('Recommended'). */
      solid: { bg: 'accent.solid', color: 'accent.fg' },
      /** On the raised surface: a plain mark ('Current plan'). */
      raised: { bg: 'bg.raised', color: 'text.default' },
      /** On the accent's tint, outlined in it: a mark that must not shout ('Open' beside a market). */
      subtle: {
        bg: 'accent.subtle',
        color: 'text.default',
        borderWidth: '1px',
        borderColor: 'accent.border',
      },
    },
    kind: {
      /** A number: at least as wide as it is tall, centred. */
      count: {},
      /** A word or two, with an optional icon before them; never wraps. */
      label: {
        display: 'inline-flex',
        alignItems: 'center',
        gap: '1',
        px: '2',
        py: '0.5',
        lineHeight: '1rem',
        whiteSpace: 'nowrap',
        '& svg': { flexShrink: 0 },
      },
    },
  },
  defaultVariants: { tone: 'neutral', kind: 'count' },
})

export interface BadgeProps {
  tone?: 'accent' | 'danger' | 'neutral' | 'solid' | 'raised' | 'subtle'
  kind?: 'count' | 'label'
  children: ReactNode
  className?: string
  'data-testid'?: string
}

export function Badge(props: BadgeProps) {
  return (
    <span
      data-testid={props['data-testid']}
      className={cx(badge({ tone: props.tone, kind: props.kind }), props.className)}
    >
      {props.children}
    </span>
  )
}
