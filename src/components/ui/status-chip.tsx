import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import type { StatusTone } from '../../domain/display/status-tone'

// A status as a pill: an icon (when it has one) and the words as well as the colour, so it reads the same without
// colour. One look for every status in the app: a transaction's, a document's, a client's, a request's, a session's.

const chip = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  px: '2',
  h: '6',
  rounded: 'pill',
  borderWidth: '1px',
  fontSize: 'xs',
  fontWeight: 'semibold',
  whiteSpace: 'nowrap',
  flexShrink: 0,
  '& svg': { w: '3.5', h: '3.5', flexShrink: 0 },
  '&[data-tone=warning]': { color: 'warning', bg: 'warning.subtle', borderColor: 'warning.border' },
  '&[data-tone=accent]': { color: 'accent', bg: 'accent.subtle', borderColor: 'accent.border' },
  '&[data-tone=success]': { color: 'success', bg: 'success.subtle', borderColor: 'success.border' },
  '&[data-tone=danger]': { color: 'danger', bg: 'danger.subtle', borderColor: 'danger.border' },
  '&[data-tone=neutral]': { color: 'text.muted', bg: 'bg.raised', borderColor: 'border' },
})

export function StatusChip(props: {
  tone: StatusTone
  icon?: LucideIcon
  children: ReactNode
  className?: string
  /** The status's code, for tests and live pages' assertions. */
  status?: string
  'data-testid'?: string
}) {
  const Icon = props.icon
  return (
    <span
      data-testid={props['data-testid']}
      data-status={props.status}
      data-tone={props.tone}
      className={cx(chip, props.className)}
    >
      {Icon ? <Icon aria-hidden="true" /> : null}
      {props.children}
    </span>
  )
}
