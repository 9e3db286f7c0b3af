import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'

// Small labelled figures side by side (a pending order's price, distance, take-profit, stop-loss and expiry): each a
// muted label over its value, as many to a line as the width holds, so a card reads the same in a 20rem panel and
// on a 390 px phone without anything overflowing. A <dl>, so each value is read with its label.

export interface Figure {
  /** Unique within the grid. */
  key: string
  label: ReactNode
  value: ReactNode
  /** Spans the whole line (a long value such as a date and time). */
  wide?: boolean
}

const grid = css({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(6.5rem, 1fr))',
  columnGap: '3',
  rowGap: '1.5',
  fontSize: 'sm',
})
const item = css({ minW: '0', '&[data-wide]': { gridColumn: '1 / -1' } })
const label = css({ fontSize: 'xs', color: 'text.muted' })
const value = css({ textStyle: 'price', overflowWrap: 'anywhere' })

export function FigureGrid(props: { figures: readonly Figure[]; className?: string }) {
  return (
    <dl className={cx(grid, props.className)}>
      {props.figures.map((figure) => (
        <div key={figure.key} className={item} data-wide={figure.wide ? '' : undefined}>
          <dt className={label}>{figure.label}</dt>
          <dd className={value}>{figure.value}</dd>
        </div>
      ))}
    </dl>
  )
}
