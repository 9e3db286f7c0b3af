import { ChevronLeft, ChevronRight } from 'lucide-react'
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { Button } from './button'

/** A server-paged list's place, as the contract's page meta gives it. */
export interface ListPageMeta {
  current_page: number
  last_page: number
  total: number
}

export interface ListPagerProps {
  meta: ListPageMeta
  onPageChange: (page: number) => void
  /** The navigation's name ('Request pages'). */
  label: string
  /**
   * What the line before the buttons says, in place of 'Page 2 of 5 · 118 results' ('26–50 of 118 clients'); with
   * it the pager shows on an empty list too, to say so.
   */
  summary?: ReactNode
  /** Screen readers hear the line again when it changes (a list that a search narrows as one types). */
  live?: boolean
  /** The buttons' words, 'Previous' and 'Next' unless a list says otherwise ('Newer' and 'Older'). */
  previousLabel?: string
  nextLabel?: string
}

/** 'Page 2 of 5 · 118 results' with Previous and Next, for the server-paged lists. */
export function ListPager(props: ListPagerProps) {
  const { current_page: page, last_page: lastPage, total } = props.meta
  if (total === 0 && props.summary === undefined) return null
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
      <p
        className={css({ fontSize: 'sm', color: 'text.muted' })}
        aria-live={props.live ? 'polite' : undefined}
      >
        {props.summary ?? (
          <>
            Page {page} of {lastPage} · {total} {total === 1 ? 'result' : 'results'}
          </>
        )}
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
            {props.previousLabel ?? 'Previous'}
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={page >= lastPage}
            onClick={() => props.onPageChange(page + 1)}
          >
            {props.nextLabel ?? 'Next'}
            <ChevronRight size={16} aria-hidden="true" />
          </Button>
        </div>
      ) : null}
    </nav>
  )
}
