// The chart's levels (decision 0034) against a stand-in for lightweight-charts: one price line per level, changed
// in place; a handle over each draggable line at the line's height, which the pointer drags and the keys nudge,
// handing the price to the caller; the handles follow the scale without a React render.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Profiler, type ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest'
import type { Asset, Candle } from '../../../src/domain/contract/assets'
import { AssetChart, type ChartLevel } from '../../../src/features/chart'
import { configureHttp, resetHttpConfig } from '../../../src/lib/http'
import { createLivePriceStore } from '../../../src/lib/live-prices'
import { expectNoA11yViolations } from '../components/test-utils'

interface FakeLine {
  options: Record<string, unknown>
  applyOptions: ReturnType<typeof vi.fn>
}

// The fake scale: 10 px per unit, 110 at the top of a 300 px pane (so 100 sits at y = 100, 80 at the bottom).
const scale = vi.hoisted(() => ({ top: 110, pxPerUnit: 10 }))
const lib = vi.hoisted(() => ({
  lines: [] as FakeLine[],
  removed: [] as FakeLine[],
  dataChanged: new Set<() => void>(),
  rangeChanged: new Set<() => void>(),
  created: 0,
}))

vi.mock('lightweight-charts', () => ({
  ColorType: { Solid: 'solid' },
  CrosshairMode: { Normal: 0 },
  CandlestickSeries: { type: 'Candlestick' },
  createChart: () => {
    lib.created += 1
    const series = {
      setData: vi.fn(() => lib.dataChanged.forEach((handler) => handler())),
      update: vi.fn(() => lib.dataChanged.forEach((handler) => handler())),
      applyOptions: vi.fn(),
      createPriceLine: (options: Record<string, unknown>) => {
        const line: FakeLine = {
          options: { ...options },
          applyOptions: vi.fn((next: Record<string, unknown>) => Object.assign(line.options, next)),
        }
        lib.lines.push(line)
        return line
      },
      removePriceLine: (line: FakeLine) => lib.removed.push(line),
      priceToCoordinate: (price: number) => (scale.top - price) * scale.pxPerUnit,
      coordinateToPrice: (y: number) => scale.top - y / scale.pxPerUnit,
      subscribeDataChanged: (handler: () => void) => lib.dataChanged.add(handler),
      unsubscribeDataChanged: (handler: () => void) => lib.dataChanged.delete(handler),
    }
    return {
      addSeries: () => series,
      remove: vi.fn(),
      paneSize: () => ({ width: 600, height: 300 }),
      timeScale: () => ({
        scrollToRealTime: vi.fn(),
        subscribeVisibleLogicalRangeChange: (handler: () => void) => lib.rangeChanged.add(handler),
        unsubscribeVisibleLogicalRangeChange: (handler: () => void) => lib.rangeChanged.delete(handler),
      }),
    }
  },
}))

const HOUR = 1_714_557_600
const CANDLES: Candle[] = [{ time: HOUR, open: 101, high: 103, low: 99, close: 102 }]

const ENTRY: ChartLevel = {
  id: 'trade:1:entry',
  price: 101,
  label: 'Buy 0.01 @ 101.00000',
  tone: 'neutral',
  draggable: false,
}
const STOP: ChartLevel = {
  id: 'trade:1:sl',
  price: 100,
  label: 'SL 100.00000',
  name: 'Stop loss 100.00000',
  tone: 'loss',
  draggable: true,
}
const TAKE: ChartLevel = {
  id: 'trade:1:tp',
  price: 105,
  label: 'TP 105.00000',
  name: 'Take profit 105.00000',
  tone: 'gain',
  draggable: true,
}

let fetchMock: Mock<typeof fetch>

beforeEach(() => {
  scale.top = 110
  lib.lines.length = 0
  lib.removed.length = 0
  lib.dataChanged.clear()
  lib.rangeChanged.clear()
  lib.created = 0
  fetchMock = vi.fn<typeof fetch>(
    async () => new Response(JSON.stringify({ data: CANDLES }), { status: 200 }),
  )
  configureHttp({ getBaseUrl: () => 'http://api.test/api/v1', fetch: fetchMock, log: () => {} })
  // jsdom has no pointer capture.
  HTMLElement.prototype.setPointerCapture = () => undefined
})

afterEach(() => {
  resetHttpConfig()
  vi.restoreAllMocks()
})

function setup(levels: readonly ChartLevel[], onLevelDrag = vi.fn(), onCommit = vi.fn()) {
  const store = createLivePriceStore()
  store.setAssets([
    {
      asset_id: 'btcusd',
      rate: 90,
      buy_spread: 0,
      sell_spread: 0,
      updated_at: new Date((HOUR - 3600) * 1000).toISOString(),
    } as unknown as Asset,
  ])
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const ui = (next: readonly ChartLevel[]): ReactNode => (
    <QueryClientProvider client={queryClient}>
      <Profiler id="chart" onRender={onCommit}>
        <AssetChart assetId="btcusd" label="BTC/USD" store={store} levels={next} onLevelDrag={onLevelDrag} />
      </Profiler>
    </QueryClientProvider>
  )
  const view = render(ui(levels))
  return { store, view, onLevelDrag, rerender: (next: readonly ChartLevel[]) => view.rerender(ui(next)) }
}

const drawn = () => waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument())
const topOf = (element: HTMLElement) => /translate\(([\d.]+)px, ([\d.-]+)px\)/.exec(element.style.transform)
const nextFrame = () => act(() => new Promise((resolve) => requestAnimationFrame(resolve)))

describe('levels on the chart', () => {
  it('draws one price line per level: the entry titled on the canvas, the draggable ones dashed under a handle', async () => {
    const { view } = setup([ENTRY, STOP])
    await drawn()
    expect(lib.lines.map((line) => line.options)).toEqual([
      expect.objectContaining({ price: 101, title: 'Buy 0.01 @ 101.00000', lineStyle: 0, color: '#e6eaf0' }),
      expect.objectContaining({ price: 100, title: '', lineStyle: 2, color: '#ff6b7d' }),
    ])
    // Only the draggable level has a handle, named for what it does.
    expect(screen.queryByTestId('chart-level-trade:1:entry')).not.toBeInTheDocument()
    const handle = screen.getByRole('button', { name: 'Stop loss 100.00000: drag to move' })
    expect(handle).toHaveAttribute('data-testid', 'chart-level-trade:1:sl')
    expect(handle).toHaveTextContent('SL 100.00000')
    expect(handle).toHaveAccessibleDescription(/arrow keys.*Enter/)
    // At the line's height (100 -> y 100), at the pane's left edge.
    expect(topOf(handle)?.slice(1)).toEqual(['6', '100'])
    await expectNoA11yViolations(view.container)
  })

  it('changes lines in place when the levels change, and removes the ones that are gone', async () => {
    const { rerender } = setup([ENTRY, STOP])
    await drawn()
    const [entryLine, stopLine] = lib.lines
    rerender([ENTRY, { ...STOP, price: 99.5, label: 'SL 99.50000' }, TAKE])
    expect(lib.lines).toHaveLength(3)
    expect(stopLine!.options.price).toBe(99.5)
    expect(screen.getByTestId('chart-level-trade:1:sl')).toHaveTextContent('SL 99.50000')
    rerender([STOP])
    expect(lib.removed).toEqual([entryLine, lib.lines[2]])
    expect(screen.queryByTestId('chart-level-trade:1:tp')).not.toBeInTheDocument()
  })

  it('follows the scale without a React render: redraws, scrolls and zooms move the handles', async () => {
    const onCommit = vi.fn()
    setup([STOP], vi.fn(), onCommit)
    await drawn()
    const handle = screen.getByTestId('chart-level-trade:1:sl')
    onCommit.mockClear()

    // A tick's bar reaches the series (the chart's redraw tells its data changed); the autoscale has moved the
    // scale up by 2.
    scale.top = 112
    act(() => lib.dataChanged.forEach((handler) => handler()))
    await nextFrame()
    expect(topOf(handle)?.[2]).toBe('120')
    // A scroll or zoom moves it too.
    scale.top = 105
    act(() => lib.rangeChanged.forEach((handler) => handler()))
    await nextFrame()
    expect(topOf(handle)?.[2]).toBe('50')
    // Off the visible scale, the handle hides with its line.
    scale.top = 99
    act(() => lib.rangeChanged.forEach((handler) => handler()))
    await nextFrame()
    expect(handle.style.visibility).toBe('hidden')
    expect(onCommit).not.toHaveBeenCalled()
    // No price line was made again.
    expect(lib.lines).toHaveLength(1)
  })

  it('drags a line by the pointer, then hands its price to the caller and shows the props again', async () => {
    const { onLevelDrag } = setup([STOP])
    await drawn()
    const handle = screen.getByTestId('chart-level-trade:1:sl')
    const line = lib.lines[0]!

    fireEvent.pointerDown(handle, { pointerId: 1, button: 0, clientY: 500 })
    // 2 px is a tap, not a drag.
    fireEvent.pointerMove(handle, { pointerId: 1, clientY: 502 })
    expect(line.options.price).toBe(100)
    // 40 px down is 4 units lower: the line and its handle move at once.
    fireEvent.pointerMove(handle, { pointerId: 1, clientY: 540 })
    expect(line.options.price).toBe(96)
    expect(handle).toHaveTextContent('SL 100.00000→ 96.00000')
    expect(topOf(handle)?.[2]).toBe('140')
    // Past the pane's bottom (300 px), the line stops a pixel inside its edge (80.1), where it stays on the scale.
    fireEvent.pointerMove(handle, { pointerId: 1, clientY: 900 })
    expect(line.options.price).toBe(80.1)
    fireEvent.pointerMove(handle, { pointerId: 1, clientY: 540.26 })
    fireEvent.pointerUp(handle, { pointerId: 1, clientY: 540.26 })

    // Rounded to the chart's decimals (5): 95.974 units.
    expect(onLevelDrag).toHaveBeenCalledExactlyOnceWith('trade:1:sl', 95.974)
    // Until the caller moves it, the line is where the props say, and the handle says its label alone.
    expect(line.options.price).toBe(100)
    expect(handle).toHaveTextContent(/^SL 100\.00000$/)
  })

  it('takes a tap as no move, and a cancelled pointer puts the line back', async () => {
    const { onLevelDrag } = setup([STOP])
    await drawn()
    const handle = screen.getByTestId('chart-level-trade:1:sl')
    fireEvent.pointerDown(handle, { pointerId: 1, button: 0, clientY: 500 })
    fireEvent.pointerUp(handle, { pointerId: 1, clientY: 501 })
    fireEvent.pointerDown(handle, { pointerId: 2, button: 0, clientY: 500 })
    fireEvent.pointerMove(handle, { pointerId: 2, clientY: 530 })
    expect(lib.lines[0]!.options.price).toBe(97)
    fireEvent.pointerCancel(handle, { pointerId: 2 })
    expect(lib.lines[0]!.options.price).toBe(100)
    expect(onLevelDrag).not.toHaveBeenCalled()
  })

  it('nudges a line by a round step with the arrow keys, Enter hands it over and Escape puts it back', async () => {
    const { onLevelDrag } = setup([STOP])
    await drawn()
    const handle = screen.getByTestId('chart-level-trade:1:sl')
    const line = lib.lines[0]!
    handle.focus()
    // 4 px is 0.4 units: the round step is 0.5.
    fireEvent.keyDown(handle, { key: 'ArrowDown' })
    fireEvent.keyDown(handle, { key: 'ArrowDown' })
    expect(line.options.price).toBe(99)
    fireEvent.keyDown(handle, { key: 'ArrowUp' })
    expect(line.options.price).toBe(99.5)
    expect(handle).toHaveTextContent('SL 100.00000→ 99.50000')
    fireEvent.keyDown(handle, { key: 'Escape' })
    expect(line.options.price).toBe(100)
    expect(onLevelDrag).not.toHaveBeenCalled()

    fireEvent.keyDown(handle, { key: 'ArrowDown' })
    fireEvent.keyDown(handle, { key: 'Enter' })
    expect(onLevelDrag).toHaveBeenCalledExactlyOnceWith('trade:1:sl', 99.5)
    expect(line.options.price).toBe(100)
    // Enter on a handle not moved opens the confirmation at its own price.
    fireEvent.keyDown(handle, { key: 'Enter' })
    expect(onLevelDrag).toHaveBeenLastCalledWith('trade:1:sl', 100)
  })

  it('keeps its lines through a change of timeframe, and hides the handles while the candles load', async () => {
    const user = userEvent.setup()
    setup([ENTRY, STOP])
    await drawn()
    let answer: (response: Response) => void = () => {}
    fetchMock.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)))
    await user.click(screen.getByRole('button', { name: '5m' }))
    expect(screen.getByRole('status')).toHaveTextContent('Loading the chart...')
    expect(screen.queryByTestId('chart-level-trade:1:sl')).not.toBeInTheDocument()
    answer(new Response(JSON.stringify({ data: CANDLES }), { status: 200 }))
    await drawn()
    expect(screen.getByTestId('chart-level-trade:1:sl')).toBeInTheDocument()
    // The same two lines, never made again.
    expect(lib.lines).toHaveLength(2)
    expect(lib.removed).toEqual([])
  })

  it('keeps a preview through a refetch of the same levels', async () => {
    const { rerender } = setup([STOP])
    await drawn()
    const handle = screen.getByTestId('chart-level-trade:1:sl')
    fireEvent.pointerDown(handle, { pointerId: 1, button: 0, clientY: 500 })
    fireEvent.pointerMove(handle, { pointerId: 1, clientY: 520 })
    rerender([{ ...STOP }])
    expect(lib.lines[0]!.options.price).toBe(98)
    expect(handle).toHaveTextContent('→ 98.00000')
  })
})
