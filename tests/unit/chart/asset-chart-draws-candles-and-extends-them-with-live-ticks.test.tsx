// The chart component against a stand-in for lightweight-charts (jsdom has no canvas): what it asks the server for,
// what it hands the chart series, and that live ticks reach the series without a React render.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Profiler, type ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest'
import type { Asset, Candle } from '../../../src/domain/contract/assets'
import { AssetChart, CHART_REDRAW_INTERVAL_MS } from '../../../src/features/chart'
import { configureHttp, resetHttpConfig } from '../../../src/lib/http'
import { createLivePriceStore } from '../../../src/lib/live-prices'
import { expectNoA11yViolations } from '../components/test-utils'

interface FakeSeries {
  setData: ReturnType<typeof vi.fn>
  update: ReturnType<typeof vi.fn>
  applyOptions: ReturnType<typeof vi.fn>
}
interface FakeChart {
  host: HTMLElement
  options: Record<string, unknown>
  series: FakeSeries
  remove: ReturnType<typeof vi.fn>
  scrollToRealTime: ReturnType<typeof vi.fn>
}

const lib = vi.hoisted(() => ({ charts: [] as FakeChart[], failNext: false }))

vi.mock('lightweight-charts', () => ({
  ColorType: { Solid: 'solid' },
  CrosshairMode: { Normal: 0 },
  CandlestickSeries: { type: 'Candlestick' },
  createChart: (host: HTMLElement, options: Record<string, unknown>) => {
    if (lib.failNext) {
      lib.failNext = false
      throw new Error('Canvas is not supported')
    }
    const series = { setData: vi.fn(), update: vi.fn(), applyOptions: vi.fn() }
    const scrollToRealTime = vi.fn()
    const chart = { host, options, series, remove: vi.fn(), scrollToRealTime }
    lib.charts.push(chart)
    return {
      addSeries: () => series,
      remove: chart.remove,
      timeScale: () => ({ scrollToRealTime }),
    }
  },
}))

// 2024-05-01T10:00:00Z, on the hour.
const HOUR = 1_714_557_600
const CANDLES: Candle[] = [
  { time: HOUR - 60, open: 100, high: 102, low: 99, close: 101 },
  { time: HOUR, open: 101, high: 103, low: 100, close: 102 },
]
const FIVE_MINUTE_CANDLES: Candle[] = [{ time: HOUR, open: 95, high: 104, low: 94, close: 102 }]

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

const asset = (assetId: string, rate: number, updatedSec: number): Asset =>
  ({
    asset_id: assetId,
    rate,
    buy_spread: 0,
    sell_spread: 0,
    updated_at: new Date(updatedSec * 1000).toISOString(),
  }) as unknown as Asset

let fetchMock: Mock<typeof fetch>

beforeEach(() => {
  lib.charts.length = 0
  lib.failNext = false
  fetchMock = vi.fn<typeof fetch>(async (url) =>
    json(200, { data: String(url).includes('tf=5m') ? FIVE_MINUTE_CANDLES : CANDLES }),
  )
  configureHttp({ getBaseUrl: () => 'http://api.test/api/v1', fetch: fetchMock, log: () => {} })
})

afterEach(() => {
  resetHttpConfig()
  vi.restoreAllMocks()
})

function setup(ui: (store: ReturnType<typeof createLivePriceStore>) => ReactNode) {
  const store = createLivePriceStore()
  // Seeded before the candles: an hour-old price must not become the newest candle's close.
  store.setAssets([asset('btcusd', 90, HOUR - 3600), asset('ethusd', 3000, HOUR - 3600)])
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const view = render(<QueryClientProvider client={queryClient}>{ui(store)}</QueryClientProvider>)
  const rerender = (next: ReactNode) =>
    view.rerender(<QueryClientProvider client={queryClient}>{next}</QueryClientProvider>)
  return { store, view, rerender }
}

const loaded = () =>
  waitFor(() => {
    expect(lib.charts.at(-1)?.series.setData).toHaveBeenCalledWith(CANDLES)
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
  })

describe('AssetChart', () => {
  it('has no accessibility violations while loading and once drawn', async () => {
    const { view } = setup((store) => <AssetChart assetId="btcusd" label="BTC/USD" store={store} />)
    expect(screen.getByRole('status')).toHaveTextContent('Loading the chart...')
    await expectNoA11yViolations(view.container)
    await loaded()
    await expectNoA11yViolations(view.container)
  })

  it('loads the 1m candles of the asset into a labelled, dark, self-sizing chart', async () => {
    setup((store) => <AssetChart assetId="btcusd" label="BTC/USD" decimals={2} store={store} />)
    await loaded()
    expect(fetchMock).toHaveBeenCalledWith(
      'http://api.test/api/v1/assets/btcusd/candles?tf=1m',
      expect.objectContaining({ method: 'GET' }),
    )
    const chart = lib.charts[0]!
    expect(chart.host).toBe(screen.getByRole('figure', { name: 'Price chart for BTC/USD' }))
    expect(chart.options).toMatchObject({
      autoSize: true,
      layout: { background: { type: 'solid', color: 'transparent' }, textColor: '#97a1b3' },
    })
    expect(chart.series.applyOptions).toHaveBeenCalledWith({
      priceFormat: { type: 'price', precision: 2, minMove: 0.01 },
    })
    expect(chart.scrollToRealTime).toHaveBeenCalledOnce()
    // The seeded price is older than the newest candle: it is not drawn.
    expect(chart.series.update).not.toHaveBeenCalled()
  })

  it('switches timeframe from the keyboard, marking the pressed button', async () => {
    const user = userEvent.setup()
    setup((store) => <AssetChart assetId="btcusd" label="BTC/USD" store={store} />)
    await loaded()
    const group = screen.getByRole('group', { name: 'Timeframe' })
    expect(screen.getByRole('button', { name: '1m' })).toHaveAttribute('aria-pressed', 'true')
    expect(group.querySelectorAll('button')).toHaveLength(4)

    screen.getByRole('button', { name: '1m' }).focus()
    await user.tab()
    expect(screen.getByRole('button', { name: '5m' })).toHaveFocus()
    await user.keyboard('{Enter}')

    expect(screen.getByRole('button', { name: '5m' })).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByRole('button', { name: '1m' })).toHaveAttribute('aria-pressed', 'false')
    await waitFor(() => expect(lib.charts[0]!.series.setData).toHaveBeenLastCalledWith(FIVE_MINUTE_CANDLES))
    expect(fetchMock).toHaveBeenLastCalledWith(
      'http://api.test/api/v1/assets/btcusd/candles?tf=5m',
      expect.anything(),
    )
    // Same chart, new timeframe: it jumps to the newest candle again.
    expect(lib.charts).toHaveLength(1)
    expect(lib.charts[0]!.scrollToRealTime).toHaveBeenCalledTimes(2)
  })

  it('extends the newest candle with live ticks and opens the next one, without re-rendering', async () => {
    const commits = vi.fn()
    const { store } = setup((liveStore) => (
      <Profiler id="chart" onRender={commits}>
        <AssetChart assetId="btcusd" label="BTC/USD" store={liveStore} />
      </Profiler>
    ))
    await loaded()
    const { update } = lib.charts[0]!.series
    commits.mockClear()
    vi.useFakeTimers()
    try {
      // A tick after a quiet spell is drawn at once.
      store.applyBatch([{ id: 'btcusd', price: 105, lastUpdated: (HOUR + 20) * 1000 }], Date.now())
      expect(update).toHaveBeenCalledOnce()
      expect(update).toHaveBeenLastCalledWith({ time: HOUR, open: 101, high: 105, low: 100, close: 105 })

      // The next ticks within the redraw interval wait: the closing candle's low of 97 comes from a tick never
      // drawn on its own.
      store.applyBatch([{ id: 'btcusd', price: 97, lastUpdated: (HOUR + 30) * 1000 }], Date.now())
      vi.advanceTimersByTime(CHART_REDRAW_INTERVAL_MS / 2)
      store.applyBatch([{ id: 'btcusd', price: 98, lastUpdated: (HOUR + 40) * 1000 }], Date.now())
      expect(update).toHaveBeenCalledOnce()
      // The first tick after the interval draws everything pending, oldest candle first.
      vi.advanceTimersByTime(CHART_REDRAW_INTERVAL_MS / 2)
      store.applyBatch([{ id: 'btcusd', price: 99, lastUpdated: (HOUR + 61) * 1000 }], Date.now())
      expect(update.mock.calls.slice(1)).toEqual([
        [{ time: HOUR, open: 101, high: 105, low: 97, close: 98 }],
        [{ time: HOUR + 60, open: 99, high: 99, low: 99, close: 99 }],
      ])

      // With no tick after it, a pending one is drawn by a timer at twice the interval.
      store.applyBatch([{ id: 'btcusd', price: 100, lastUpdated: (HOUR + 62) * 1000 }], Date.now())
      vi.advanceTimersByTime(2 * CHART_REDRAW_INTERVAL_MS - 1)
      expect(update).toHaveBeenCalledTimes(3)
      vi.advanceTimersByTime(1)
      expect(update).toHaveBeenCalledTimes(4)
      expect(update).toHaveBeenLastCalledWith({ time: HOUR + 60, open: 99, high: 100, low: 99, close: 100 })

      // Another asset's tick does not touch this chart.
      vi.advanceTimersByTime(CHART_REDRAW_INTERVAL_MS)
      store.applyBatch([{ id: 'ethusd', price: 3100, lastUpdated: (HOUR + 63) * 1000 }], Date.now())
      vi.advanceTimersByTime(2 * CHART_REDRAW_INTERVAL_MS)
      expect(update).toHaveBeenCalledTimes(4)
      expect(commits).not.toHaveBeenCalled()
    } finally {
      vi.useRealTimers()
    }
  })

  it('draws a live price the store already holds when the candles arrive', async () => {
    const { store } = setup((liveStore) => <AssetChart assetId="btcusd" label="BTC/USD" store={liveStore} />)
    store.applyBatch([{ id: 'btcusd', price: 104, lastUpdated: (HOUR + 30) * 1000 }], Date.now())
    // Still loading: the price waits in the store, and is drawn once the candles are in.
    expect(screen.getByRole('status')).toHaveTextContent('Loading the chart...')
    await loaded()
    expect(lib.charts[0]!.series.update).toHaveBeenCalledWith({
      time: HOUR,
      open: 101,
      high: 104,
      low: 100,
      close: 104,
    })
  })

  it('says the chart failed to load and retries the request', async () => {
    const user = userEvent.setup()
    fetchMock.mockResolvedValueOnce(json(500, { message: 'Server Error' }))
    setup((store) => <AssetChart assetId="btcusd" label="BTC/USD" store={store} />)

    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Failed to load the chart')
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    await loaded()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('says the chart failed when it cannot be created, and builds it on Retry', async () => {
    const user = userEvent.setup()
    vi.spyOn(console, 'error').mockImplementation(() => {})
    lib.failNext = true
    setup((store) => <AssetChart assetId="btcusd" label="BTC/USD" store={store} />)

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load the chart')
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    await loaded()
    expect(lib.charts).toHaveLength(1)
  })

  it('removes the chart and stops listening on asset change and on unmount', async () => {
    const { store, view, rerender } = setup((liveStore) => (
      <AssetChart assetId="btcusd" label="BTC/USD" store={liveStore} />
    ))
    await loaded()
    const btcChart = lib.charts[0]!

    rerender(<AssetChart assetId="ethusd" label="ETH/USD" store={store} />)
    expect(btcChart.remove).toHaveBeenCalledOnce()
    await waitFor(() => expect(lib.charts).toHaveLength(2))
    expect(screen.getByRole('figure', { name: 'Price chart for ETH/USD' })).toBe(lib.charts[1]!.host)
    await waitFor(() => expect(lib.charts[1]!.series.setData).toHaveBeenCalledWith(CANDLES))
    expect(fetchMock).toHaveBeenLastCalledWith(
      'http://api.test/api/v1/assets/ethusd/candles?tf=1m',
      expect.anything(),
    )

    act(() => {
      store.applyBatch([{ id: 'btcusd', price: 120, lastUpdated: (HOUR + 10) * 1000 }], Date.now())
    })
    expect(btcChart.series.update).not.toHaveBeenCalled()

    view.unmount()
    expect(lib.charts[1]!.remove).toHaveBeenCalledOnce()
    store.applyBatch([{ id: 'ethusd', price: 3200, lastUpdated: (HOUR + 10) * 1000 }], Date.now())
    expect(lib.charts[1]!.series.update).not.toHaveBeenCalled()
  })
})
