// src/lib/media-query.ts: a component reads whether a media query matches and re-renders when the viewport crosses
// it (the /mt4 workspace leaves its market watch out on a phone this way, docs/decisions/0043-the-signed-in-start-on-
// a-phone.md); without matchMedia (jsdom, very old browsers) it takes the fallback.
import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useMediaQuery, WIDE_LAYOUT_QUERY } from '../../../src/lib/media-query'

/** A viewport whose width the test sets; `(min-width: Npx)` queries follow it and tell their listeners. */
function viewport(initialWidthPx: number) {
  let widthPx = initialWidthPx
  const listeners = new Set<() => void>()
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = Number(/min-width:\s*(\d+)px/.exec(query)?.[1] ?? 0)
    return {
      get matches() {
        return widthPx >= min
      },
      media: query,
      addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    }
  })
  return {
    resize(nextPx: number) {
      widthPx = nextPx
      listeners.forEach((listener) => listener())
    },
    listening: () => listeners.size,
  }
}

afterEach(() => vi.unstubAllGlobals())

describe('useMediaQuery', () => {
  it('is the wide layout from 768 px, and follows the viewport across it', () => {
    const screen = viewport(390)
    const { result, unmount } = renderHook(() => useMediaQuery(WIDE_LAYOUT_QUERY, true))
    expect(result.current).toBe(false)
    act(() => screen.resize(768))
    expect(result.current).toBe(true)
    act(() => screen.resize(767))
    expect(result.current).toBe(false)
    unmount()
    expect(screen.listening()).toBe(0)
  })

  it('takes the fallback where there is no matchMedia', () => {
    vi.stubGlobal('matchMedia', undefined)
    expect(renderHook(() => useMediaQuery(WIDE_LAYOUT_QUERY, true)).result.current).toBe(true)
    expect(renderHook(() => useMediaQuery(WIDE_LAYOUT_QUERY, false)).result.current).toBe(false)
  })
})
