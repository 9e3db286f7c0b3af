import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'

// One labelled figure (an account's equity, a client's free margin): a muted label over its value, as a `dt`/`dd`
// pair, so it belongs inside a <dl> and each value is read with its label. `tile` sets it in a raised, bordered box
// with a larger figure (the account's headline figures); without it the figure is one cell of a dense grid.

const plain = {
  root: css({ minW: '0' }),
  label: css({ fontSize: 'xs', color: 'text.muted', whiteSpace: 'nowrap' }),
  value: css({ fontSize: 'sm', fontWeight: 'semibold', minW: '0' }),
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
const wide = css({ gridColumn: '1 / -1' })

export interface StatProps {
  label: ReactNode
  children: ReactNode
  tile?: boolean
  /** Spans the whole line of its grid. */
  wide?: boolean
  /** Goes on the value (`dd`), the element tests read. */
  'data-testid'?: string
  className?: string
}

export function Stat(props: StatProps) {
  const look = props.tile ? tile : plain
  return (
    <div className={cx(look.root, props.wide && wide, props.className)}>
      <dt className={look.label}>{props.label}</dt>
      <dd className={look.value} data-testid={props['data-testid']}>
        {props.children}
      </dd>
    </div>
  )
}
