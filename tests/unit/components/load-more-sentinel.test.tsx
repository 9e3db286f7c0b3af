import { render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { LoadMoreSentinel } from '../../../src/components/ui'
import { installFakeIntersectionObserver } from '../support/fake-intersection-observer'
import { expectNoA11yViolations } from './test-utils'

let viewport: ReturnType<typeof installFakeIntersectionObserver>
const scrollIntoView = (isIntersecting: boolean) =>
  viewport.setOnScreen(screen.getByTestId('load-more'), isIntersecting)

beforeEach(() => {
  viewport = installFakeIntersectionObserver()
})
afterEach(() => vi.unstubAllGlobals())

describe('LoadMoreSentinel', () => {
  it('has no accessibility violations, idle or loading', async () => {
    const { container, rerender } = render(
      <ul>
        <li>First</li>
        <LoadMoreSentinel onVisible={() => {}} busy={false} label="Loading more orders" />
      </ul>,
    )
    await expectNoA11yViolations(container)
    rerender(
      <ul>
        <li>First</li>
        <LoadMoreSentinel onVisible={() => {}} busy label="Loading more orders" />
      </ul>,
    )
    await expectNoA11yViolations(container)
  })

  it('asks for the next page each time it comes into view, with the latest callback', () => {
    const first = vi.fn()
    const latest = vi.fn()
    const { rerender } = render(
      <ul>
        <LoadMoreSentinel onVisible={first} busy={false} label="Loading more" />
      </ul>,
    )
    scrollIntoView(false)
    expect(first).not.toHaveBeenCalled()
    scrollIntoView(true)
    expect(first).toHaveBeenCalledTimes(1)
    rerender(
      <ul>
        <LoadMoreSentinel onVisible={latest} busy={false} label="Loading more" />
      </ul>,
    )
    scrollIntoView(true)
    expect(latest).toHaveBeenCalledTimes(1)
    expect(first).toHaveBeenCalledTimes(1)
    // Watched once for the sentinel's life, however often it re-renders.
    expect(viewport.watching(screen.getByTestId('load-more'))).toHaveLength(1)
  })

  it('announces the page loading, and stops watching once gone', () => {
    const { rerender, unmount } = render(
      <div>
        <LoadMoreSentinel as="div" onVisible={() => {}} busy label="Loading more orders" />
      </div>,
    )
    expect(screen.getByRole('status')).toHaveTextContent('Loading more orders')
    rerender(
      <div>
        <LoadMoreSentinel as="div" onVisible={() => {}} busy={false} label="Loading more orders" />
      </div>,
    )
    expect(screen.queryByRole('status')).toBeNull()
    const sentinel = screen.getByTestId('load-more')
    expect(viewport.watching(sentinel)).toHaveLength(1)
    unmount()
    expect(viewport.watching(sentinel)).toHaveLength(0)
  })
})
