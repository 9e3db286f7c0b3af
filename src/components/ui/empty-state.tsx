import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'

// What a list or a page shows when it has nothing yet: an optional icon, a title, a line that says what will appear
// here (or what to change), and an optional action. Framed as a surface by default, where it stands in for a list;
// `framed={false}` inside a card that is already one.

const root = css({
  display: 'grid',
  justifyItems: 'center',
  gap: '2',
  textAlign: 'center',
  py: '10',
  px: '4',
})
const frame = css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border', rounded: 'surface' })
const icon = css({ color: 'text.muted' })
const title = css({ fontWeight: 'medium' })
const description = css({ fontSize: 'sm', color: 'text.muted' })

export interface EmptyStateProps {
  icon?: LucideIcon
  title: ReactNode
  description?: ReactNode
  /** A button or link under the text (Clear filters, Deposit). */
  action?: ReactNode
  framed?: boolean
  className?: string
  'data-testid'?: string
}

export function EmptyState(props: EmptyStateProps) {
  const Icon = props.icon
  return (
    <div
      data-testid={props['data-testid']}
      className={cx(root, props.framed !== false && frame, props.className)}
    >
      {Icon ? <Icon size={28} aria-hidden="true" className={icon} /> : null}
      <p className={title}>{props.title}</p>
      {props.description ? <p className={description}>{props.description}</p> : null}
      {props.action ?? null}
    </div>
  )
}
