import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { grid } from 'styled-system/patterns'

// Label / value rows (a <dl>) for the back office's read-only figures: the profile, the account, a dialog's
// before and after. Values use tabular digits so money lines up.

export interface DetailRow {
  key: string
  label: ReactNode
  value: ReactNode
}

const listClass = grid({ gridTemplateColumns: 'max-content minmax(0, 1fr)', fontSize: 'sm' })

const rowClass = css({
  display: 'contents',
  '& > dt, & > dd': { py: '2', borderBottomWidth: '1px', borderColor: 'border.muted' },
  '& > dt': { pe: '4', color: 'text.muted', whiteSpace: 'nowrap' },
  '& > dd': { textAlign: 'right', fontWeight: 'medium', minW: '0', overflowWrap: 'anywhere' },
  '&:last-child > dt, &:last-child > dd': { borderBottomWidth: '0' },
})

export function DetailRows(props: { rows: readonly DetailRow[]; className?: string }) {
  return (
    <dl className={cx(listClass, props.className)}>
      {props.rows.map((row) => (
        <div key={row.key} className={rowClass} data-testid={`detail-${row.key}`}>
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  )
}
