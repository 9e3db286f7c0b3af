// The height of the bar fixed at the viewport's bottom while one is mounted (the workspace's account summary), for
// what floats above it (the chat's unread notifier). A store rather than a custom property on the document's root:
// a custom property is inherited, so setting one on the root restyles every element of the page, and /mt4 did that
// in the middle of its first render (docs/decisions/0043-the-signed-in-start-on-a-phone.md).
import { useSyncExternalStore } from 'react'

type Listener = () => void

export function createBottomBarHeightStore() {
  let heightPx = 0
  const listeners = new Set<Listener>()
  return {
    /** 0 when no bar is mounted. */
    heightPx: () => heightPx,
    set(nextPx: number) {
      const rounded = Math.max(0, Math.round(nextPx * 100) / 100)
      if (rounded === heightPx) return
      heightPx = rounded
      listeners.forEach((listener) => listener())
    },
    subscribe(listener: Listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
  }
}

export const bottomBarHeight = createBottomBarHeightStore()

/** The mounted bottom bar's height in px, 0 without one; re-renders only when it changes. */
export function useBottomBarHeightPx(): number {
  return useSyncExternalStore(bottomBarHeight.subscribe, bottomBarHeight.heightPx, () => 0)
}
