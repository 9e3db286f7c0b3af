import type { ComponentProps, ReactNode } from 'react'
import { css, cx } from 'styled-system/css'

// A short list of entries, each two columns: what and when on the left, the amount and its state on the right,
// with a divider between rows (the back office's client ledger and client deposits). Every part of a row breaks a
// long word inside its column, so nothing overflows at 390 px.

const list = css({ display: 'grid' })
const row = css({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  columnGap: '3',
  rowGap: '1',
  py: '2.5',
  borderBottomWidth: '1px',
  borderColor: 'border.muted',
  _last: { borderBottomWidth: '0' },
  '& > *': { minWidth: '0', overflowWrap: 'anywhere' },
})
const title = css({ fontSize: 'sm', fontWeight: 'medium' })
const end = css({ justifySelf: 'end', textAlign: 'end' })
const wide = css({ gridColumn: '1 / -1' })

export function EntryList({ className, ...props }: ComponentProps<'ul'>) {
  return <ul className={cx(list, className)} {...props} />
}

export function EntryRow({ className, ...props }: ComponentProps<'li'>) {
  return <li className={cx(row, className)} {...props} />
}

/** The entry's name, first in its row. */
export function EntryTitle(props: { children: ReactNode }) {
  return <span className={title}>{props.children}</span>
}

/** A part on the right-hand column. */
export function EntryEnd(props: { children: ReactNode }) {
  return <span className={end}>{props.children}</span>
}

/** A part across both columns (a reason under the entry). */
export function EntryWide(props: { children: ReactNode }) {
  return <div className={wide}>{props.children}</div>
}
