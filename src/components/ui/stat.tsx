import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'

// One labelled figure (an account's equity, a client's free margin): a muted label over its value, as a `dt`/`dd`
// pair, so it belongs inside a <dl> and each value is read with its label. `tile` sets it in a raised, bordered box
// with a larger figure (the account's headline figures); without it the figure is one cell of a dense grid, or,
// with a `className` for its box, `size` and `numeric`, a headline figure of a page (the statement's, the savings').

const plain = {
  root: css({ minW: '0' }),
  label: css({ fontSize: 'xs', color: 'text.muted', whiteSpace: 'nowrap' }),
  value: css({ fontWeight: 'semibold', minW: '0' }),
}
const tile = {
  root: css({
    display: 'grid',
    gap: '1',
    p: '3',
    bg: 'bg.raised',
    rounded: 'control',
    borderWidth: '1px',
    borderColor: 'border.muted',
    minW: '0',
    overflow: 'hidden',
  }),
  label: css({ fontSize: 'xs', color: 'text.muted' }),
  value: css({ fontSize: { base: 'md', md: 'lg' }, fontWeight: 'semibold' }),
}
const sizes = {
  sm: css({ fontSize: 'sm' }),
  md: css({ fontSize: 'md' }),
  lg: css({ fontSize: { base: 'lg', md: 'xl' } }),
}
const numeric = css({ textStyle: 'price', overflowWrap: 'anywhere' })
const note = css({ fontSize: 'xs', color: 'text.muted' })
const wide = css({ gridColumn: '1 / -1' })

export interface StatProps {
  label: ReactNode
  children: ReactNode
  tile?: boolean
  /** Spans the whole line of its grid. */
  wide?: boolean
  /** The figure's size without `tile`: `sm` (a dense grid's, the default), `md`, or `lg` (`xl` from md up). */
  size?: 'sm' | 'md' | 'lg'
  /** The figure in the price style (tabular mono digits), wrapping anywhere rather than overflowing its box. */
  numeric?: boolean
  /** A muted line under the figure (its rate, what it counts), a `dd` of its own. */
  note?: ReactNode
  /** Goes on the value (`dd`), the element tests read. */
  'data-testid'?: string
  /** Class of the root (the box around label and value). */
  className?: string
}

export function Stat(props: StatProps) {
  const look = props.tile ? tile : plain
  return (
    <div className={cx(look.root, props.wide && wide, props.className)}>
      <dt className={look.label}>{props.label}</dt>
      <dd
        className={cx(look.value, !props.tile && sizes[props.size ?? 'sm'], props.numeric && numeric)}
        data-testid={props['data-testid']}
      >
        {props.children}
      </dd>
      {props.note ? <dd className={note}>{props.note}</dd> : null}
    </div>
  )
}
