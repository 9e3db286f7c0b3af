import { act, render, screen } from '@testing-library/react'
import { useRef } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useWantedAfterStart } from '../../../src/lib/after-start'

// Decision 0043, eleventh pass: a part below the first screen loads once the page's start is over (no long task for
// quietMs, capMs at the latest) or when the reader scrolls near it, never during the first render, and then stays.

/** jsdom has no IntersectionObserver: this one lets a test say when the placeholder comes near the viewport. */
const observers: { callback: IntersectionObserverCallback; observed: Element[]; disconnected: boolean }[] = []
class FakeIntersectionObserver {
  private readonly entry: (typeof observers)[number]
  constructor(callback: IntersectionObserverCallback) {
    this.entry = { callback, observed: [], disconnected: false }
    observers.push(this.entry)
  }
  observe(element: Element) {
    this.entry.observed.push(element)
  }
  disconnect() {
    this.entry.disconnected = true
  }
}
const scrollNear = (isIntersecting: boolean) =>
  act(() => {
    for (const observer of observers.filter((candidate) => !candidate.disconnected))
      observer.callback([{ isIntersecting } as IntersectionObserverEntry], {} as IntersectionObserver)
  })

/** A long-task observer that the test feeds: none is reported unless `longTask` is called. */
class FakeLongTaskObserver {
  static supportedEntryTypes = ['longtask']
  static current: FakeLongTaskObserver | null = null
  constructor(private readonly callback: (list: { getEntries: () => PerformanceEntry[] }) => void) {
    FakeLongTaskObserver.current = this
  }
  observe() {}
  disconnect() {}
  takeRecords() {
    return []
  }
  longTask(duration: number) {
    const entry = {
      startTime: performance.now() - duration,
      duration,
      entryType: 'longtask',
    } as PerformanceEntry
    this.callback({ getEntries: () => [entry] })
  }
}

function Part() {
  const placeholder = useRef<HTMLDivElement>(null)
  const wanted = useWantedAfterStart(placeholder, { quietMs: 300, capMs: 3_000 })
  return wanted ? <p>Loaded part</p> : <div ref={placeholder}>Waiting</div>
}

beforeEach(() => {
  observers.length = 0
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] })
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver)
  vi.stubGlobal('PerformanceObserver', FakeLongTaskObserver)
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('useWantedAfterStart', () => {
  it('waits through the first render, and loads once the main thread has been quiet for quietMs', async () => {
    render(<Part />)
    expect(screen.getByText('Waiting')).toBeTruthy()
    expect(observers[0]?.observed).toHaveLength(1)
    await act(() => vi.advanceTimersByTimeAsync(299))
    expect(screen.queryByText('Loaded part')).toBeNull()
    await act(() => vi.advanceTimersByTimeAsync(1))
    expect(screen.getByText('Loaded part')).toBeTruthy()
  })

  it('waits while long tasks run, and no longer than capMs', async () => {
    render(<Part />)
    // A long task every 100 ms: never 300 ms quiet.
    for (let elapsedMs = 0; elapsedMs < 2_900; elapsedMs += 100) {
      FakeLongTaskObserver.current!.longTask(60)
      await act(() => vi.advanceTimersByTimeAsync(100))
    }
    expect(screen.queryByText('Loaded part')).toBeNull()
    FakeLongTaskObserver.current!.longTask(60)
    await act(() => vi.advanceTimersByTimeAsync(100))
    expect(screen.getByText('Loaded part')).toBeTruthy()
  })

  it('loads as soon as the placeholder comes near the viewport, and stays loaded when it leaves', async () => {
    render(<Part />)
    FakeLongTaskObserver.current!.longTask(60)
    scrollNear(false)
    expect(screen.queryByText('Loaded part')).toBeNull()
    scrollNear(true)
    expect(screen.getByText('Loaded part')).toBeTruthy()
    expect(observers.every((observer) => observer.disconnected)).toBe(true)
    scrollNear(false)
    await act(() => vi.advanceTimersByTimeAsync(5_000))
    expect(screen.getByText('Loaded part')).toBeTruthy()
  })
})
