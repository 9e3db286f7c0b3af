import { act, render, screen } from '@testing-library/react'
import { useRef } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useWantedAfterStart } from '../../../src/lib/after-start'
import { installFakeIntersectionObserver } from '../support/fake-intersection-observer'
import { FakeLongTaskObserver } from '../support/fake-long-task-observer'

// Decision 0043, eleventh pass: a part below the first screen loads once the page's start is over (no long task for
// quietMs, capMs at the latest) or when the reader scrolls near it, never during the first render, and then stays.

let viewport: ReturnType<typeof installFakeIntersectionObserver>
const scrollNear = (isIntersecting: boolean) =>
  viewport.setOnScreen(screen.getByText('Waiting'), isIntersecting)

/** A long task that ended just now. */
const longTaskNow = (durationMs: number) =>
  FakeLongTaskObserver.current!.longTask(performance.now() - durationMs, durationMs, { delivered: true })

function Part() {
  const placeholder = useRef<HTMLDivElement>(null)
  const wanted = useWantedAfterStart(placeholder, { quietMs: 300, capMs: 3_000 })
  return wanted ? <p>Loaded part</p> : <div ref={placeholder}>Waiting</div>
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] })
  viewport = installFakeIntersectionObserver()
  vi.stubGlobal('PerformanceObserver', FakeLongTaskObserver)
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('useWantedAfterStart', () => {
  it('waits through the first render, and loads once the main thread has been quiet for quietMs', async () => {
    render(<Part />)
    // Watched for a scroll within 400 px of the viewport.
    expect(viewport.watching(screen.getByText('Waiting')).map((observer) => observer.rootMargin)).toEqual([
      '400px 0px',
    ])
    await act(() => vi.advanceTimersByTimeAsync(299))
    expect(screen.queryByText('Loaded part')).toBeNull()
    await act(() => vi.advanceTimersByTimeAsync(1))
    expect(screen.getByText('Loaded part')).toBeTruthy()
  })

  it('waits while long tasks run, and no longer than capMs', async () => {
    render(<Part />)
    // A long task every 100 ms: never 300 ms quiet.
    for (let elapsedMs = 0; elapsedMs < 2_900; elapsedMs += 100) {
      longTaskNow(60)
      await act(() => vi.advanceTimersByTimeAsync(100))
    }
    expect(screen.queryByText('Loaded part')).toBeNull()
    longTaskNow(60)
    await act(() => vi.advanceTimersByTimeAsync(100))
    expect(screen.getByText('Loaded part')).toBeTruthy()
  })

  it('loads as soon as the placeholder comes near the viewport, and stays loaded when it leaves', async () => {
    render(<Part />)
    longTaskNow(60)
    scrollNear(false)
    expect(screen.queryByText('Loaded part')).toBeNull()
    const placeholder = screen.getByText('Waiting')
    scrollNear(true)
    expect(screen.getByText('Loaded part')).toBeTruthy()
    expect(viewport.watching(placeholder)).toHaveLength(0)
    await act(() => vi.advanceTimersByTimeAsync(5_000))
    expect(screen.getByText('Loaded part')).toBeTruthy()
  })
})
