// docs/product/chat.md#message-list: older messages load when the list is scrolled within 100 px of the top; within
// 100 px of the bottom counts as at the bottom.

export const SCROLL_THRESHOLD_PX = 100

export interface ScrollBox {
  scrollTop: number
  scrollHeight: number
  clientHeight: number
}

export const distanceFromBottom = (box: ScrollBox) =>
  Math.max(0, box.scrollHeight - box.clientHeight - box.scrollTop)

export const isAtBottom = (box: ScrollBox, threshold = SCROLL_THRESHOLD_PX) =>
  distanceFromBottom(box) <= threshold

export const isNearTop = (box: Pick<ScrollBox, 'scrollTop'>, threshold = SCROLL_THRESHOLD_PX) =>
  box.scrollTop <= threshold

/** Whether to ask for the page of older messages now: near the top, more to load, nothing already loading. */
export const shouldLoadOlder = (
  box: Pick<ScrollBox, 'scrollTop'>,
  state: { hasOlder: boolean; loading: boolean },
  threshold = SCROLL_THRESHOLD_PX,
) => state.hasOlder && !state.loading && isNearTop(box, threshold)
