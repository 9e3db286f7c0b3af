import { describe, expect, it } from 'vitest'
import {
  distanceFromBottom,
  isAtBottom,
  isNearTop,
  SCROLL_THRESHOLD_PX,
  shouldLoadOlder,
} from '../../../src/domain/chat/scroll'

// A list 2,000 px tall in a 500 px window: the bottom is at scrollTop 1,500.
const at = (scrollTop: number) => ({ scrollTop, scrollHeight: 2_000, clientHeight: 500 })

describe('scroll thresholds (docs/product/chat.md#message-list: 100 px)', () => {
  it('is 100 px', () => {
    expect(SCROLL_THRESHOLD_PX).toBe(100)
  })

  it('counts within 100 px of the bottom as at the bottom', () => {
    expect(distanceFromBottom(at(1_500))).toBe(0)
    expect(isAtBottom(at(1_500))).toBe(true)
    expect(isAtBottom(at(1_400))).toBe(true)
    expect(isAtBottom(at(1_399))).toBe(false)
    // Content shorter than the window is always at the bottom.
    expect(isAtBottom({ scrollTop: 0, scrollHeight: 300, clientHeight: 500 })).toBe(true)
  })

  it('loads older messages within 100 px of the top, once, and only when there are more', () => {
    expect(isNearTop(at(100))).toBe(true)
    expect(isNearTop(at(101))).toBe(false)
    expect(shouldLoadOlder(at(40), { hasOlder: true, loading: false })).toBe(true)
    expect(shouldLoadOlder(at(40), { hasOlder: true, loading: true })).toBe(false)
    expect(shouldLoadOlder(at(40), { hasOlder: false, loading: false })).toBe(false)
    expect(shouldLoadOlder(at(400), { hasOlder: true, loading: false })).toBe(false)
  })
})
