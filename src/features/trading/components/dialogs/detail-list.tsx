import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'

// Label / value rows (a <dl>), the layout of every read-only figure in the workspace dialogs. Values use tabular
// digits so columns of prices line up.

export interface DetailRow {
  /** Unique within the list. */
  key: string
  label: ReactNode
  value: ReactNode
}

// Labels keep one line and take what they need; values take the rest and wrap (a long trading-hours text).
const listClass = css({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  fontSize: 'sm',
})

const rowClass = css({
  display: 'contents',
  '& > dt, & > dd': { py: '2', borderBottomWidth: '1px', borderColor: 'border.muted' },
  '& > dt': { pe: '4', color: 'text.muted', whiteSpace: 'nowrap' },
  '& > dd': { textAlign: 'right', textStyle: 'numeric', fontWeight: 'medium', minW: '0' },
  '&:last-child > dt, &:last-child > dd': { borderBottomWidth: '0' },
})

export function DetailList(props: { rows: readonly DetailRow[]; className?: string }) {
  return (
    <dl className={cx(listClass, props.className)}>
      {props.rows.map((row) => (
        <div key={row.key} className={rowClass}>
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  )
}
