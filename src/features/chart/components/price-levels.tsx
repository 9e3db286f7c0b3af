// Horizontal levels on the chart (decision 0034): a position's entry, take-profit and stop-loss, a pending order's
// price. Each is a price line of the series, created once per level and changed in place when its props change,
// never per tick. A draggable level also gets an HTML handle over the chart at the line's height: the pointer
// (mouse, pen or touch) drags it, the arrow keys nudge it and Enter hands the price to the caller, who confirms.
// The handles are placed by writing their transforms straight to the DOM whenever the chart's scales may have
// moved (a redraw of the series, a scroll or zoom, a resize), so a tick never re-renders React.
import type { IChartApi, IPriceLine, ISeriesApi, LineStyle, PriceLineOptions } from 'lightweight-charts'
import { useEffect, useId, useLayoutEffect, useRef, type KeyboardEvent, type PointerEvent } from 'react'
import { Box } from 'styled-system/jsx'
import { hstack, visuallyHidden } from 'styled-system/patterns'
import { formatPrice } from '../../../domain/format/numbers'
import { roundPrice, roundStep, stepTo } from '../../../domain/market/price-steps'
import { themeColours } from '../theme-colours'

export type ChartLevelTone = 'neutral' | 'gain' | 'loss' | 'accent'

/** One horizontal level the chart draws. */
export interface ChartLevel {
  /** Stable while the level lasts ('trade:12:sl'): the line and its handle are kept by it. */
  id: string
  price: number
  /** Drawn beside the line: 'SL 1.08000', 'Buy 0.01 @ 1.08412'. */
  label: string
  /** What assistive technology hears on a draggable level's handle ('Stop loss 1.08000'); the label if absent. */
  name?: string
  tone: ChartLevelTone
  /** A handle over the line lets the customer move it; onLevelDrag hears where to. */
  draggable: boolean
}

/** lightweight-charts' LineStyle values; the enum itself lives in the library's chunk, loaded on demand. */
const SOLID = 0 as LineStyle
const DASHED = 2 as LineStyle

/** A pointer must travel this far (px) before a press on a handle counts as a drag rather than a tap. */
const DRAG_THRESHOLD_PX = 3
/** An arrow key moves a level by a round price of about this many pixels at the chart's zoom. */
const KEY_STEP_PX = 4
/** The handles' inset from the pane's left edge, and the gap between two handles at the same height. */
const EDGE_PX = 6
const GAP_PX = 4

const HINT = 'Drag the line, or move it with the up and down arrow keys, then press Enter to confirm.'

const handle = hstack({
  position: 'absolute',
  top: '0',
  left: '0',
  display: 'inline-flex',
  gap: '1',
  minH: '6',
  px: '2',
  borderWidth: '1px',
  rounded: 'pill',
  bg: 'bg.overlay',
  boxShadow: 'raised',
  fontSize: 'xs',
  textStyle: 'price',
  whiteSpace: 'nowrap',
  cursor: 'ns-resize',
  userSelect: 'none',
  // The browser must not scroll or zoom the page while a finger drags the line.
  touchAction: 'none',
  pointerEvents: 'auto',
  willChange: 'transform',
  focusVisibleRing: 'outside',
  '&[data-dragging]': { cursor: 'grabbing', bg: 'bg.raised' },
  '&[data-tone=neutral]': { borderColor: 'border.control', color: 'text' },
  '&[data-tone=gain]': { borderColor: 'gain', color: 'gain' },
  '&[data-tone=loss]': { borderColor: 'loss', color: 'loss' },
  '&[data-tone=accent]': { borderColor: 'accent', color: 'accent' },
})

interface Preview {
  id: string
  price: number
}
interface Drag {
  id: string
  pointerId: number
  startClientY: number
  startY: number
  moved: boolean
}

export interface PriceLevelsProps {
  chart: IChartApi
  series: ISeriesApi<'Candlestick'>
  /** The element the chart was created in: the handles follow its size and the pointer's work on its scales. */
  host: HTMLElement
  levels: readonly ChartLevel[]
  /** The colour theme: the lines are painted in its colours, again when it changes. */
  theme: string
  decimals: number
  /** false while the chart loads or has failed: the lines stay, the handles wait. */
  handles: boolean
  onLevelDrag?: (id: string, priceQuote: number) => void
}

export function PriceLevels(props: PriceLevelsProps) {
  const { chart, series, host, levels, theme, decimals, onLevelDrag } = props
  const hintId = useId()
  const lines = useRef<{ series: ISeriesApi<'Candlestick'>; byId: Map<string, IPriceLine> } | null>(null)
  const handles = useRef(new Map<string, { button: HTMLButtonElement; target: HTMLSpanElement }>())
  const preview = useRef<Preview | null>(null)
  const drag = useRef<Drag | null>(null)
  const announcer = useRef<HTMLSpanElement>(null)
  const draggable = props.handles ? levels.filter((level) => level.draggable) : []

  const levelOf = (id: string | undefined) => levels.find((level) => level.id === id)
  const priceOf = (level: ChartLevel) =>
    preview.current?.id === level.id ? preview.current.price : level.price

  // One price line per level, kept by id: a changed level is changed in place, a gone one removed. A theme switch
  // repaints them in the new theme's colours, read again from the host.
  useEffect(() => {
    if (lines.current?.series !== series) lines.current = { series, byId: new Map() }
    const byId = lines.current.byId
    const palette = themeColours(host)
    const colours: Record<ChartLevelTone, string> = {
      neutral: palette.strongText,
      gain: palette.gain,
      loss: palette.loss,
      accent: palette.accent,
    }
    const seen = new Set<string>()
    for (const level of levels) {
      seen.add(level.id)
      const options = {
        price: preview.current?.id === level.id ? preview.current.price : level.price,
        color: colours[level.tone],
        lineWidth: 1,
        lineStyle: level.draggable ? DASHED : SOLID,
        axisLabelVisible: true,
        // A draggable level's label is its handle, readable and reachable; the canvas would say it twice.
        title: level.draggable ? '' : level.label,
      } satisfies Partial<PriceLineOptions>
      const line = byId.get(level.id)
      if (line) line.applyOptions(options)
      else byId.set(level.id, series.createPriceLine(options))
    }
    for (const [id, line] of byId) {
      if (seen.has(id)) continue
      series.removePriceLine(line)
      byId.delete(id)
    }
    // A preview of a level that is gone (filled, closed) ends with it.
    if (preview.current && !seen.has(preview.current.id)) preview.current = null
  }, [series, host, levels, theme])

  /**
   * Puts every handle at its line's height, inside the pane: hidden while its line is off the visible scale,
   * clamped at the pane's top and bottom, and moved right of a handle it would cover.
   */
  const place = () => {
    const pane = chart.paneSize(0)
    const rows: { button: HTMLButtonElement; y: number }[] = []
    for (const level of draggable) {
      const button = handles.current.get(level.id)?.button
      if (!button) continue
      const y = series.priceToCoordinate(priceOf(level))
      if (y === null || y < 0 || y > pane.height) {
        button.style.visibility = 'hidden'
        continue
      }
      button.style.visibility = ''
      button.style.maxWidth = `${Math.max(0, pane.width - 2 * EDGE_PX)}px`
      rows.push({ button, y })
    }
    rows.sort((a, b) => a.y - b.y)
    const placed: { top: number; bottom: number; right: number }[] = []
    for (const { button, y } of rows) {
      const height = button.offsetHeight
      const width = button.offsetWidth
      const top = Math.min(Math.max(0, y - height / 2), Math.max(0, pane.height - height))
      let left = EDGE_PX
      for (const other of placed) {
        if (top < other.bottom && top + height > other.top) left = Math.max(left, other.right + GAP_PX)
      }
      // No room to the right: overlap the other rather than leave the pane.
      if (left + width > pane.width - EDGE_PX) left = EDGE_PX
      button.style.transform = `translate(${left}px, ${top}px)`
      placed.push({ top, bottom: top + height, right: left + width })
    }
  }

  const placeRef = useRef(place)
  const hasHandles = draggable.length > 0
  useLayoutEffect(() => {
    placeRef.current = place
    if (hasHandles) place()
  })

  // The scales move without React: new bars (each tick's redraw), a scroll or zoom, a resize, the pointer or wheel
  // on the price scale. Each asks for one placing in the next frame, after the chart has painted its own.
  useEffect(() => {
    if (!hasHandles) return
    let frame = 0
    const schedule = () => {
      if (frame) return
      frame = requestAnimationFrame(() => {
        frame = 0
        placeRef.current()
      })
    }
    const onPointerMove = (event: globalThis.PointerEvent) => {
      if (event.buttons !== 0) schedule()
    }
    const timeScale = chart.timeScale()
    timeScale.subscribeVisibleLogicalRangeChange(schedule)
    series.subscribeDataChanged(schedule)
    const resize = new ResizeObserver(schedule)
    resize.observe(host)
    host.addEventListener('pointermove', onPointerMove, { passive: true })
    host.addEventListener('pointerup', schedule, { passive: true })
    host.addEventListener('wheel', schedule, { passive: true })
    host.addEventListener('dblclick', schedule)
    return () => {
      cancelAnimationFrame(frame)
      timeScale.unsubscribeVisibleLogicalRangeChange(schedule)
      series.unsubscribeDataChanged(schedule)
      resize.disconnect()
      host.removeEventListener('pointermove', onPointerMove)
      host.removeEventListener('pointerup', schedule)
      host.removeEventListener('wheel', schedule)
      host.removeEventListener('dblclick', schedule)
    }
  }, [chart, series, host, hasHandles])

  /** Moves a level's line and handle to `price` while it is dragged or nudged, before anything is sent. */
  const showPreview = (level: ChartLevel, price: number) => {
    preview.current = { id: level.id, price }
    lines.current?.byId.get(level.id)?.applyOptions({ price })
    const target = handles.current.get(level.id)?.target
    if (target) target.textContent = `→ ${formatPrice(price, decimals)}`
    place()
  }

  /** Puts a previewed level back where its props say. */
  const endPreview = () => {
    const current = preview.current
    if (!current) return
    preview.current = null
    const target = handles.current.get(current.id)?.target
    if (target) target.textContent = ''
    const level = levelOf(current.id)
    if (level) lines.current?.byId.get(level.id)?.applyOptions({ price: level.price })
    place()
  }

  /** The preview ends (the line shows its props again) and the caller hears the price, to confirm it. */
  const finish = (level: ChartLevel, price: number) => {
    endPreview()
    onLevelDrag?.(level.id, price)
  }

  const levelOfEvent = (event: { currentTarget: HTMLElement }) => levelOf(event.currentTarget.dataset.levelId)

  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    const level = levelOfEvent(event)
    if (!level || (event.pointerType === 'mouse' && event.button !== 0)) return
    const y = series.priceToCoordinate(priceOf(level))
    if (y === null) return
    event.currentTarget.setPointerCapture(event.pointerId)
    drag.current = {
      id: level.id,
      pointerId: event.pointerId,
      startClientY: event.clientY,
      startY: y,
      moved: false,
    }
  }

  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    const current = drag.current
    const level = levelOfEvent(event)
    if (!level || current?.id !== level.id || current.pointerId !== event.pointerId) return
    const dy = event.clientY - current.startClientY
    if (!current.moved && Math.abs(dy) < DRAG_THRESHOLD_PX) return
    if (!current.moved) {
      current.moved = true
      event.currentTarget.dataset.dragging = ''
    }
    // The line stays on the pane: a handle dragged past the chart's edge stops there.
    const y = Math.min(Math.max(1, current.startY + dy), chart.paneSize(0).height - 1)
    const price = series.coordinateToPrice(y)
    if (price !== null) showPreview(level, roundPrice(price, decimals))
  }

  const onPointerUp = (event: PointerEvent<HTMLButtonElement>) => {
    const current = drag.current
    const level = levelOfEvent(event)
    if (!level || current?.id !== level.id || current.pointerId !== event.pointerId) return
    drag.current = null
    delete event.currentTarget.dataset.dragging
    const price = preview.current?.id === level.id ? preview.current.price : null
    // A tap is not a move: it only focuses the handle.
    if (!current.moved || price === null) return
    finish(level, price)
  }

  const cancelDrag = (event: PointerEvent<HTMLButtonElement>) => {
    if (drag.current?.pointerId !== event.pointerId) return
    drag.current = null
    delete event.currentTarget.dataset.dragging
    endPreview()
  }

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const level = levelOfEvent(event)
    if (!level) return
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault()
      const current = priceOf(level)
      const y = series.priceToCoordinate(current)
      const above = y === null ? null : series.coordinateToPrice(y - KEY_STEP_PX)
      const step = roundStep(above === null ? 0 : Math.abs(above - current), decimals)
      const next = stepTo(current, step, event.key === 'ArrowUp' ? 1 : -1, decimals)
      showPreview(level, next)
      if (announcer.current) announcer.current.textContent = formatPrice(next, decimals)
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault()
      finish(level, priceOf(level))
    } else if (event.key === 'Escape' && preview.current?.id === level.id) {
      // Puts the line back; a second Escape is the page's again.
      event.preventDefault()
      event.stopPropagation()
      endPreview()
    }
  }

  const onBlur = (event: { currentTarget: HTMLElement }) => {
    if (preview.current?.id === event.currentTarget.dataset.levelId && drag.current === null) endPreview()
  }

  if (!hasHandles) return null
  return (
    <Box position="absolute" inset="0" pointerEvents="none" zIndex="1" data-testid="chart-levels">
      <span id={hintId} hidden>
        {HINT}
      </span>
      <span ref={announcer} aria-live="polite" className={visuallyHidden()} />
      {draggable.map((level) => (
        <button
          key={level.id}
          type="button"
          ref={(button) => {
            const target = button?.querySelector<HTMLSpanElement>('[data-preview]')
            if (button && target) handles.current.set(level.id, { button, target })
            else handles.current.delete(level.id)
          }}
          className={handle}
          data-tone={level.tone}
          data-level-id={level.id}
          data-testid={`chart-level-${level.id}`}
          aria-label={`${level.name ?? level.label}: drag to move`}
          aria-describedby={hintId}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={cancelDrag}
          onLostPointerCapture={cancelDrag}
          onKeyDown={onKeyDown}
          onBlur={onBlur}
        >
          <Box as="span" minW="0" overflow="hidden" textOverflow="ellipsis">
            {level.label}
          </Box>
          {/* Written while the level is dragged or nudged ('→ 1.07950'), not rendered: a drag is no render. */}
          <Box as="span" data-preview="" flexShrink="0" _empty={{ display: 'none' }} />
        </button>
      ))}
    </Box>
  )
}
