import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { watchViewport } from '../../../src/lib/in-viewport'
import { installFakeIntersectionObserver } from '../support/fake-intersection-observer'

// src/lib/in-viewport.ts: every caller that asks whether an element is on screen shares one IntersectionObserver per
// margin, and each hears only about its own element.

let viewport: ReturnType<typeof installFakeIntersectionObserver>
beforeEach(() => {
  viewport = installFakeIntersectionObserver()
})
afterEach(() => vi.unstubAllGlobals())

describe('watchViewport', () => {
  it('shares one observer among the elements watched at one margin, and makes another for another margin', () => {
    const [first, second, third] = [
      document.createElement('li'),
      document.createElement('li'),
      document.createElement('div'),
    ]
    watchViewport(first, () => {})
    watchViewport(second, () => {})
    watchViewport(third, () => {}, 400)
    expect(viewport.observers.map((observer) => observer.rootMargin)).toEqual(['0px 0px', '400px 0px'])
    expect(viewport.watching(first)).toEqual(viewport.watching(second))
    expect(viewport.watching(third)[0]?.rootMargin).toBe('400px 0px')
  })

  it('tells each listener about its own element only, and stops when asked', () => {
    const [row, other] = [document.createElement('li'), document.createElement('li')]
    const heardByRow = vi.fn()
    const heardByOther = vi.fn()
    const stop = watchViewport(row, heardByRow, 96)
    watchViewport(other, heardByOther, 96)
    viewport.setOnScreen(row, false)
    expect(heardByRow).toHaveBeenLastCalledWith(false)
    expect(heardByOther).not.toHaveBeenCalled()
    stop?.()
    expect(viewport.watching(row)).toHaveLength(0)
    expect(viewport.watching(other)).toHaveLength(1)
  })

  it('keeps watching an element for its second listener when the first stops', () => {
    const element = document.createElement('div')
    const first = vi.fn()
    const second = vi.fn()
    const stopFirst = watchViewport(element, first)
    watchViewport(element, second)
    stopFirst?.()
    viewport.setOnScreen(element, true)
    expect(first).not.toHaveBeenCalled()
    expect(second).toHaveBeenCalledWith(true)
  })

  it('answers null where the browser has no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined)
    expect(watchViewport(document.createElement('div'), () => {})).toBeNull()
  })
})
