// A separator that resizes the panel beside it (decision 0023): drag it with a pointer, or focus it and use the arrow
// keys (Home and End for the smallest and largest size). ARIA's window splitter pattern: role="separator" with the
// panel's size as its value, so a screen reader says how large the panel is.
import { useRef, type KeyboardEvent, type PointerEvent } from 'react'
import { css, cx } from 'styled-system/css'
import { sizeAfterKey } from '../../domain/trading/panel-sizes'

const handle = css({
  position: 'relative',
  flexShrink: 0,
  touchAction: 'none',
  outline: 'none',
  zIndex: 'docked',
  // The line itself, 1 px, drawn in the middle of a wider grab area.
  _before: { content: '""', position: 'absolute', bg: 'transparent', transition: 'background-color 0.1s' },
  _hover: { _before: { bg: 'accent.solid' } },
  _focusVisible: { _before: { bg: 'accent.solid' } },
  '&[data-dragging]': { _before: { bg: 'accent.solid' } },
  '&[aria-orientation=horizontal]': {
    h: '1.5',
    mt: '-0.75',
    mb: '-0.75',
    cursor: 'row-resize',
    _before: { insetInline: '0', top: 'calc(50% - 1px)', h: '2px' },
  },
  '&[aria-orientation=vertical]': {
    w: '1.5',
    ml: '-0.75',
    mr: '-0.75',
    cursor: 'col-resize',
    _before: { insetBlock: '0', left: 'calc(50% - 1px)', w: '2px' },
  },
})

export function ResizeHandle(props: {
  /** horizontal: a line between panels stacked one above the other (it resizes heights); vertical: side by side. */
  orientation: 'horizontal' | 'vertical'
  label: string
  /** The id of the panel it resizes. */
  controls: string
  /** The panel's size now and its bounds, in px. */
  size: { px: number; minPx: number; maxPx: number }
  /** Which way the panel grows: 'before' when it lies above (left of) the handle, 'after' below (right of) it. */
  panel: 'before' | 'after'
  onResize: (px: number) => void
  /** The drag or key press that changed the size is over: a good moment to store it. */
  onResizeEnd?: () => void
  className?: string
}) {
  const drag = useRef<{ pointerId: number; startAt: number; startSize: number } | null>(null)
  const { px: size, minPx, maxPx } = props.size
  const horizontal = props.orientation === 'horizontal'
  // Moving the pointer down (right) shrinks a panel below (right of) the handle and grows one above (left of) it.
  const sign = props.panel === 'before' ? 1 : -1
  const clamp = (px: number) => Math.round(Math.min(maxPx, Math.max(minPx, px)))
  const coordinate = (event: PointerEvent) => (horizontal ? event.clientY : event.clientX)

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return
    event.preventDefault()
    event.currentTarget.setPointerCapture(event.pointerId)
    event.currentTarget.setAttribute('data-dragging', '')
    drag.current = { pointerId: event.pointerId, startAt: coordinate(event), startSize: size }
  }
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current
    if (!current || current.pointerId !== event.pointerId) return
    const next = clamp(current.startSize + sign * (coordinate(event) - current.startAt))
    if (next !== size) props.onResize(next)
  }
  const endDrag = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current || drag.current.pointerId !== event.pointerId) return
    drag.current = null
    event.currentTarget.removeAttribute('data-dragging')
    props.onResizeEnd?.()
  }
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const grows = horizontal
      ? props.panel === 'after'
        ? { more: 'ArrowUp', less: 'ArrowDown' }
        : { more: 'ArrowDown', less: 'ArrowUp' }
      : props.panel === 'after'
        ? { more: 'ArrowLeft', less: 'ArrowRight' }
        : { more: 'ArrowRight', less: 'ArrowLeft' }
    const next = sizeAfterKey(event.key, size, { minPx, maxPx }, grows)
    if (next === null) return
    event.preventDefault()
    if (next !== size) props.onResize(next)
    props.onResizeEnd?.()
  }

  return (
    // A focusable separator with a value is a widget in ARIA (the window splitter pattern), which jsx-a11y's role
    // table does not know: it takes focus, keys and pointer events on purpose.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      role="separator"
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      aria-label={props.label}
      aria-controls={props.controls}
      aria-orientation={props.orientation}
      aria-valuenow={size}
      aria-valuemin={minPx}
      aria-valuemax={maxPx}
      className={cx(handle, props.className)}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
      onKeyDown={onKeyDown}
    />
  )
}
