// The unread notifier floats above a bar fixed at the viewport's bottom (the workspace's account summary): the bar
// publishes its height to src/lib/bottom-bar-height.ts and the notifier sets it on itself alone, never on the
// document's root, whose custom properties every element of the page inherits (decision 0043).
import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { UnreadNotifier } from '../../../src/features/chat/components/unread-notifier'
import { bottomBarHeight, createBottomBarHeightStore } from '../../../src/lib/bottom-bar-height'

afterEach(() => bottomBarHeight.set(0))

describe('the bottom bar height store', () => {
  it('tells its listeners of a change once, and not of the same height again', () => {
    const store = createBottomBarHeightStore()
    const heard: number[] = []
    const stop = store.subscribe(() => heard.push(store.heightPx()))
    store.set(57.6)
    store.set(57.6)
    store.set(0)
    stop()
    store.set(80)
    expect(heard).toEqual([57.6, 0])
    expect(store.heightPx()).toBe(80)
  })

  it('never goes below 0', () => {
    const store = createBottomBarHeightStore()
    store.set(-4)
    expect(store.heightPx()).toBe(0)
  })
})

describe('the unread notifier', () => {
  it('adds the bar height to its own offset while a bar is mounted, and leaves the root alone', () => {
    // Compared with what it was, not with nothing: test files share a document here, and a dialog's scroll lock
    // from an earlier file may have left its own style on the root.
    const rootStyle = document.documentElement.style.cssText
    render(<UnreadNotifier count={2} visible onOpen={() => undefined} />)
    const notifier = screen.getByTestId('unread-notifier')
    expect(notifier.style.getPropertyValue('--bottom-bar-height')).toBe('')

    act(() => bottomBarHeight.set(64))
    expect(notifier.style.getPropertyValue('--bottom-bar-height')).toBe('64px')
    expect(document.documentElement.style.cssText).toBe(rootStyle)

    act(() => bottomBarHeight.set(0))
    expect(notifier.style.getPropertyValue('--bottom-bar-height')).toBe('')
  })
})
