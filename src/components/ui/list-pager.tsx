import { ChevronLeft, ChevronRight } from 'lucide-react'
import { css } from 'styled-system/css'
import { Button } from './button'

/** A server-paged list's place, as the contract's page meta gives it. */
export interface ListPageMeta {
  current_page: number
  last_page: number
  total: number
}

/** 'Page 2 of 5 · 118 results' with Previous and Next, for the server-paged lists. */
export function ListPager(props: {
  meta: ListPageMeta
  onPageChange: (page: number) => void
  label: string
}) {
  const { current_page: page, last_page: lastPage, total } = props.meta
  if (total === 0) return null
  return (
    <nav
      aria-label={props.label}
      className={css({
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: '3',
        flexWrap: 'wrap',
        pt: '4',
      })}
    >
      <p className={css({ fontSize: 'sm', color: 'text.muted' })}>
        Page {page} of {lastPage} · {total} {total === 1 ? 'result' : 'results'}
      </p>
      {lastPage > 1 ? (
        <div className={css({ display: 'flex', gap: '2' })}>
          <Button
            variant="outline"
            size="sm"
            disabled={page <= 1}
            onClick={() => props.onPageChange(page - 1)}
          >
            <ChevronLeft size={16} aria-hidden="true" />
            Previous
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={page >= lastPage}
            onClick={() => props.onPageChange(page + 1)}
          >
            Next
            <ChevronRight size={16} aria-hidden="true" />
          </Button>
        </div>
      ) : null}
    </nav>
  )
}
