import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { Text } from './text'

// Label / value rows (a <dl>) for read-only figures: the workspace dialogs' prices and terms, the back office's
// client profile and a dialog's before and after. Labels keep one line and take what they need; values take the
// rest, right-aligned, and wrap (a long trading-hours text).

export interface DetailRow {
  /** Unique within the list. */
  key: string
  label: ReactNode
  value: ReactNode
  /** Sets the value in the price style (`Text`'s `numeric`: tabular mono digits), for a price or an amount. */
  numeric?: boolean
}

export interface DetailListProps {
  rows: readonly DetailRow[]
  /**
   * `figures` (the workspace dialogs): tight rows, every value in tabular digits. `record` (the back office): rows
   * 8px apart, a long value (an e-mail address, an id) breaks anywhere, and each row has the test id
   * `detail-<key>`.
   */
  kind?: 'figures' | 'record'
  className?: string
}

const list = css({ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', fontSize: 'sm' })
const recordList = css({ gap: '8px' })

const row = css({
  display: 'contents',
  '& > dt, & > dd': { py: '2', borderBottomWidth: '1px', borderColor: 'border.muted' },
  '& > dt': { pe: '4', color: 'text.muted', whiteSpace: 'nowrap' },
  '& > dd': { textAlign: 'right', fontWeight: 'medium', minW: '0' },
  '&:last-child > dt, &:last-child > dd': { borderBottomWidth: '0' },
})
const figuresRow = css({ '& > dd': { textStyle: 'numeric' } })
const recordRow = css({ '& > dd': { overflowWrap: 'anywhere' } })

export function DetailList({ rows, kind = 'figures', className }: DetailListProps) {
  const record = kind === 'record'
  const rowClass = cx(row, record ? recordRow : figuresRow)
  return (
    <dl className={cx(list, record && recordList, className)}>
      {rows.map((item) => (
        <div key={item.key} className={rowClass} data-testid={record ? `detail-${item.key}` : undefined}>
          <dt>{item.label}</dt>
          <dd>
            {item.numeric ? (
              <Text as="span" numeric>
                {item.value}
              </Text>
            ) : (
              item.value
            )}
          </dd>
        </div>
      ))}
    </dl>
  )
}
