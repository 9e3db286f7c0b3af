import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { grid, visuallyHidden } from 'styled-system/patterns'
import { errorMessage } from '../../lib/error-message'
import { AlertBox } from './alert-box'
import { Button } from './button'
import { EmptyState } from './empty-state'
import { Spinner } from './spinner'

// The app's lists (the back office's clients, requests, audit and outbox; the cashier's transactions, statement,
// withdrawals and savings accruals) are tables on a desktop and a stack of cards on a phone: the same <table>, whose
// rows turn into blocks below md and whose cells say their column (data-label) before their value. One DOM for
// both, so a screen reader, a test and a phone read the same rows.

const tableFrame = css({
  md: {
    bg: 'bg.surface',
    borderWidth: '1px',
    borderColor: 'border',
    rounded: 'surface',
    overflowX: 'auto',
  },
})

// Inside a card, which is its frame already: the first and last columns line up with the card's content.
const flushFrame = css({ md: { overflowX: 'auto' } })
const flushTable = css({
  md: {
    '& th:first-child, & td:first-child': { ps: '0' },
    '& th:last-child, & td:last-child': { pe: '0' },
  },
})

const table = css({
  w: 'full',
  borderCollapse: 'collapse',
  fontSize: 'sm',
  display: { base: 'block', md: 'table' },
})

const tableHead = css({
  display: { base: 'none', md: 'table-header-group' },
})

const tableBody = css({
  display: { base: 'flex', md: 'table-row-group' },
  flexDir: 'column',
  gap: '3',
})

const headCell = css({
  textAlign: 'start',
  px: '4',
  py: '3',
  fontSize: 'xs',
  fontWeight: 'semibold',
  textTransform: 'uppercase',
  letterSpacing: 'wider',
  color: 'text.muted',
  whiteSpace: 'nowrap',
  borderBottomWidth: '1px',
  borderColor: 'border',
  '&[data-align=end]': { textAlign: 'end' },
})

export const row = css({
  display: { base: 'block', md: 'table-row' },
  bg: { base: 'bg.surface', md: 'transparent' },
  borderWidth: { base: '1px', md: '0' },
  borderColor: 'border',
  rounded: { base: 'surface', md: '0' },
  px: { base: '4', md: '0' },
  py: { base: '2', md: '0' },
  md: { _hover: { bg: 'bg.raised' }, '&:not(:last-child) > td': { borderBottomWidth: '1px' } },
})

export const cell = css({
  display: { base: 'flex', md: 'table-cell' },
  justifyContent: 'space-between',
  alignItems: 'baseline',
  gap: '4',
  py: { base: '1.5', md: '3' },
  px: { base: '0', md: '4' },
  verticalAlign: 'middle',
  borderColor: 'border.muted',
  textAlign: { base: 'end', md: 'start' },
  minW: '0',
  // A long e-mail or reason must not widen a phone's card; on a desktop words break only where they may.
  overflowWrap: { base: 'anywhere', md: 'break-word' },
  '&[data-label]::before': {
    content: 'attr(data-label)',
    display: { base: 'block', md: 'none' },
    flexShrink: 0,
    textAlign: 'start',
    // The column's name in the body's font, also before a figure set in the price font (amountCell).
    fontFamily: 'body',
    letterSpacing: 'normal',
    fontSize: 'xs',
    fontWeight: 'medium',
    color: 'text.muted',
  },
})

/** A cell for a short value that reads best on one line on a desktop (a time, a name). */
export const nowrapCell = cx(cell, css({ md: { whiteSpace: 'nowrap' } }))

/** A figure column: right-aligned on a desktop, tabular digits everywhere. */
export const amountCell = cx(
  cell,
  css({ md: { textAlign: 'end', whiteSpace: 'nowrap' }, textStyle: 'price' }),
)

/** A reference (WD-…, a transaction hash): monospace, broken anywhere on a phone, on one line on a desktop. */
export const referenceText = css({
  fontFamily: 'mono',
  fontSize: 'xs',
  overflowWrap: 'anywhere',
  md: { whiteSpace: 'nowrap', overflowWrap: 'normal' },
})

/** A cell whose content (buttons, a link) sits at the end of the card's last line on a phone. */
export const actionsCell = css({
  display: { base: 'flex', md: 'table-cell' },
  justifyContent: 'flex-end',
  gap: '2',
  py: { base: '2', md: '3' },
  px: { base: '0', md: '4' },
  verticalAlign: 'middle',
  textAlign: { md: 'end' },
  whiteSpace: 'nowrap',
  borderColor: 'border.muted',
  '&:empty': { display: { base: 'none', md: 'table-cell' } },
})

export const mutedText = css({ color: 'text.muted', fontSize: 'xs' })

/**
 * A row that is one link (a list of records to open): the row takes `linkedRow`, its name's link `rowLink`, and a
 * click anywhere on the row follows the link, while the keyboard and a screen reader meet the link alone.
 */
export const linkedRow = cx(row, css({ position: 'relative' }))

export const rowLink = css({
  fontWeight: 'semibold',
  color: 'text',
  _hover: { textDecoration: 'underline' },
  focusVisibleRing: 'outside',
  _after: { content: '""', position: 'absolute', inset: '0' },
})

/** A link to a client or a customer from a row: underlined quietly, fully on hover. */
export const recordLink = css({
  fontWeight: 'medium',
  color: 'text',
  textDecoration: 'underline',
  textDecorationColor: 'border',
  textUnderlineOffset: '3px',
  _hover: { textDecorationColor: 'currentColor' },
})

/** While a list's first page loads. */
export function ListLoading(props: { children: ReactNode }) {
  return (
    <div
      role="status"
      className={css({ display: 'flex', alignItems: 'center', gap: '2', color: 'text.muted', py: '8' })}
    >
      <Spinner size="sm" />
      {props.children}
    </div>
  )
}

/** A list that could not be loaded, with the server's reason and a retry. */
export function ListLoadError(props: {
  title: string
  query: { error: unknown; isFetching: boolean; refetch: () => Promise<unknown> }
}) {
  const { query } = props
  return (
    <AlertBox variant="destructive" title={props.title} description={errorMessage(query.error)}>
      <div>
        <Button size="sm" variant="outline" onClick={() => void query.refetch()} loading={query.isFetching}>
          Try again
        </Button>
      </div>
    </AlertBox>
  )
}

/** A list with no rows: what is missing, and what would fill it. */
export function ListEmpty(props: { icon: LucideIcon; title: string; description: ReactNode }) {
  return <EmptyState icon={props.icon} title={props.title} description={props.description} />
}

export interface ListTableProps {
  'data-testid': string
  /** Read by screen readers only. */
  caption: string
  /** The visible column headers, in order; a figure column's header is aligned with its figures. */
  columns: readonly (string | { label: string; align?: 'end' })[]
  /** The last column's header (its buttons), read by screen readers only; no such column when omitted. */
  actionsColumn?: string
  /** A newer page is loading over this one: dim it and say so. */
  stale?: boolean
  /** In a card (a section of a page): no frame of its own, the outer columns flush with the card's content. */
  flush?: boolean
  /** The <tr>s. */
  children: ReactNode
  className?: string
}

/** The frame, caption and header row every list shares; the rows are the caller's. */
export function ListTable(props: ListTableProps) {
  const stale = props.stale ?? false
  return (
    <div
      className={cx(
        props.flush ? flushFrame : tableFrame,
        css({ transition: 'opacity 0.15s' }),
        props.className,
      )}
      style={stale ? { opacity: 0.6 } : undefined}
      aria-busy={stale || undefined}
    >
      <table className={cx(table, props.flush && flushTable)} data-testid={props['data-testid']}>
        <caption className={visuallyHidden()}>{props.caption}</caption>
        <thead className={tableHead}>
          <tr>
            {props.columns.map((column) => {
              const { label, align } =
                typeof column === 'string' ? { label: column, align: undefined } : column
              return (
                <th key={label} scope="col" className={headCell} data-align={align}>
                  {label}
                </th>
              )
            })}
            {props.actionsColumn ? (
              <th scope="col" className={headCell}>
                <span className={visuallyHidden()}>{props.actionsColumn}</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody className={tableBody}>{props.children}</tbody>
      </table>
    </div>
  )
}

// A list's filter form's buttons (Apply, Clear filters), the last cell of the form's grid: on a wide screen under a
// space as tall as a field's label, so the buttons line up with the inputs whatever the font; on a phone across the
// whole row. Here rather than in a file of its own: every filter form sits over one of these lists, and a file of its
// own would be a chunk of its own, whose name every page's entry lists.

const filterActionsCell = grid({ gap: '1.5', gridColumn: { base: '1 / -1', md: 'auto' } })
const labelSpace = css({ display: { base: 'none', md: 'block' }, textStyle: 'label' })

export function FilterActions(props: { children: ReactNode }) {
  return (
    <div className={filterActionsCell}>
      <span aria-hidden="true" className={labelSpace}>
        &nbsp;
      </span>
      {props.children}
    </div>
  )
}
