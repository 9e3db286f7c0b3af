import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ListPager } from '../../../src/components/ui/list-pager'
import { expectNoA11yViolations } from './test-utils'

const meta = (current_page: number, last_page: number, total: number) => ({ current_page, last_page, total })

describe('ListPager', () => {
  it('has no accessibility violations', async () => {
    const { container } = render(
      <>
        <ListPager meta={meta(2, 5, 118)} onPageChange={() => {}} label="Request pages" />
        <ListPager
          meta={meta(1, 3, 60)}
          onPageChange={() => {}}
          label="Audit trail pages"
          summary="Page 1 of 3"
          previousLabel="Newer"
          nextLabel="Older"
          live
        />
      </>,
    )
    await expectNoA11yViolations(container)
  })

  it('says where the list is and moves a page with the keyboard or the pointer, never past the ends', async () => {
    const user = userEvent.setup()
    const onPageChange = vi.fn()
    const { rerender } = render(
      <ListPager meta={meta(1, 2, 30)} onPageChange={onPageChange} label="Request pages" />,
    )
    const nav = screen.getByRole('navigation', { name: 'Request pages' })
    expect(nav).toHaveTextContent('Page 1 of 2 · 30 results')
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled()
    await user.tab()
    expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(onPageChange).toHaveBeenLastCalledWith(2)

    rerender(<ListPager meta={meta(2, 2, 30)} onPageChange={onPageChange} label="Request pages" />)
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Previous' }))
    expect(onPageChange).toHaveBeenLastCalledWith(1)
  })

  it('shows nothing for an empty list, and no buttons for a single page', () => {
    const { container, rerender } = render(
      <ListPager meta={meta(1, 1, 0)} onPageChange={() => {}} label="Request pages" />,
    )
    expect(container).toBeEmptyDOMElement()
    rerender(<ListPager meta={meta(1, 1, 1)} onPageChange={() => {}} label="Request pages" />)
    expect(screen.getByRole('navigation')).toHaveTextContent('Page 1 of 1 · 1 result')
    expect(screen.queryByRole('button')).toBeNull()
  })

  it("takes a list's own words: its summary (shown on an empty list too, live when asked) and its buttons", async () => {
    const user = userEvent.setup()
    const onPageChange = vi.fn()
    const { rerender } = render(
      <ListPager
        meta={meta(1, 1, 0)}
        onPageChange={onPageChange}
        label="Client pages"
        summary="No clients"
        live
      />,
    )
    expect(screen.getByText('No clients')).toHaveAttribute('aria-live', 'polite')
    rerender(
      <ListPager
        meta={meta(2, 3, 60)}
        onPageChange={onPageChange}
        label="Audit trail pages"
        summary="Page 2 of 3"
        previousLabel="Newer"
        nextLabel="Older"
      />,
    )
    expect(screen.getByText('Page 2 of 3')).not.toHaveAttribute('aria-live')
    await user.click(screen.getByRole('button', { name: 'Newer' }))
    expect(onPageChange).toHaveBeenLastCalledWith(1)
    await user.click(screen.getByRole('button', { name: 'Older' }))
    expect(onPageChange).toHaveBeenLastCalledWith(3)
    expect(screen.queryByRole('button', { name: /Previous|Next/ })).toBeNull()
  })
})
