import { act, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { LoadMoreSentinel } from '../../../src/components/ui'
import { expectNoA11yViolations } from './test-utils'

/** jsdom has no IntersectionObserver: this one lets a test say when the sentinel is on screen. */
const observers: { callback: IntersectionObserverCallback; disconnected: boolean }[] = []
class FakeIntersectionObserver {
  private readonly entry: { callback: IntersectionObserverCallback; disconnected: boolean }
  constructor(callback: IntersectionObserverCallback) {
    this.entry = { callback, disconnected: false }
    observers.push(this.entry)
  }
  observe() {}
  disconnect() {
    this.entry.disconnected = true
  }
}
const scrollIntoView = (isIntersecting: boolean) =>
  act(() => {
    for (const observer of observers) {
      if (!observer.disconnected) {
        observer.callback(
          [{ isIntersecting } as IntersectionObserverEntry],
          {} as unknown as IntersectionObserver,
        )
      }
    }
  })

beforeEach(() => {
  observers.length = 0
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver)
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
    // One observer for the sentinel's life, however often it re-renders.
    expect(observers).toHaveLength(1)
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
    unmount()
    expect(observers.every((observer) => observer.disconnected)).toBe(true)
  })
})
