// The active asset's candlestick chart: the server's candles, extended by the tab's live prices. lightweight-charts
// is imported on demand, so the workspace paints before the chart library has arrived; ticks go from the price
// store straight to the chart series, never through React state.
import type { CandlestickData, IChartApi, ISeriesApi, UTCTimestamp } from 'lightweight-charts'
import { RefreshCw } from 'lucide-react'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { Box, Flex } from 'styled-system/jsx'
import { hstack, stack, wrap } from 'styled-system/patterns'
import { text as textRecipe } from 'styled-system/recipes'
import { Button } from '../../../components/ui/button'
import { LiveText } from '../../../components/ui/live-text'
import { Spinner } from '../../../components/ui/spinner'
import type { Candle, CandleTimeframe } from '../../../domain/contract/assets'
import { formatPrice, PRICE_DECIMALS } from '../../../domain/format/numbers'
import { nextCandle, withCandle } from '../../../domain/market/candles'
import { livePriceStore, useLiveAsset, type LiveAsset, type LivePriceStore } from '../../../lib/live-prices'
import { useTheme } from '../../../lib/theme-store'
import { useCandles } from '../api/get-candles'
import { DEFAULT_TIMEFRAME, loadChartLibrary } from '../chart-library'
import { themeColours } from '../theme-colours'
import { PriceLevels, type ChartLevel } from './price-levels'
import { TimeframeSwitcher } from './timeframe-switcher'

export const CHART_LOAD_FAILED = 'Failed to load the chart'

/** The chart redraws live candles at most this often (ms); the watch and the Buy/Sell prices show every tick. */
export const CHART_REDRAW_INTERVAL_MS = 100

export interface AssetChartProps {
  /** The feed's asset_id ('btcusd'): the candles request and the live price store both key on it. */
  assetId: string
  /** Shown above the chart and in its accessible name ('BTC/USD'). */
  label: string
  /**
   * Price precision on the scale; docs/product/trading-workspace.md#price-display's 5 unless the asset needs fewer.
   */
  decimals?: number
  /** The tab's live price store; tests pass their own. */
  store?: LivePriceStore
  defaultTimeframe?: CandleTimeframe
  /** The last price's 'as of' mark while prices are not live (decision 0021); the price is muted then. */
  asOf?: ReactNode
  /** Horizontal levels to draw (positions' entries and levels, pending orders), decision 0034. */
  levels?: readonly ChartLevel[]
  /** A draggable level was dropped at `priceQuote` (or Enter was pressed on its handle): the caller confirms. */
  onLevelDrag?: (id: string, priceQuote: number) => void
  /** Buttons in the header before the timeframes (the workspace's 'Create alert'). */
  actions?: ReactNode
}

const NO_LEVELS: readonly ChartLevel[] = []

interface ChartHandle {
  /** The asset this chart was built for: a chart outlives its asset only until the next effect removes it. */
  assetId: string
  chart: IChartApi
  series: ISeriesApi<'Candlestick'>
  /** The element the chart draws in. */
  host: HTMLElement
}

const toBar = (candle: Candle): CandlestickData<UTCTimestamp> => ({
  time: candle.time as UTCTimestamp,
  open: candle.open,
  high: candle.high,
  low: candle.low,
  close: candle.close,
})

/** The tick's server time (the feed stamps every price); the tab's clock only if the stamp is unreadable. */
function liveTimeSec(live: LiveAsset): number {
  const ms = Date.parse(live.asset.updated_at)
  return (Number.isFinite(ms) ? ms : Date.now()) / 1000
}

const overlay = stack({
  position: 'absolute',
  inset: '0',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '3',
  p: '4',
  textAlign: 'center',
  bg: 'bg.surface',
  color: 'text.muted',
  fontSize: 'sm',
})

export function AssetChart({
  assetId,
  label,
  decimals = PRICE_DECIMALS.DEFAULT,
  store = livePriceStore,
  defaultTimeframe = DEFAULT_TIMEFRAME,
  asOf,
  levels = NO_LEVELS,
  onLevelDrag,
  actions,
}: AssetChartProps) {
  const [timeframe, setTimeframe] = useState<CandleTimeframe>(defaultTimeframe)
  const candles = useCandles(assetId, timeframe)
  const hostRef = useRef<HTMLDivElement>(null)
  const [handle, setHandle] = useState<ChartHandle | null>(null)
  const [libraryFailed, setLibraryFailed] = useState(false)
  const [libraryAttempt, setLibraryAttempt] = useState(0)
  const active = handle?.assetId === assetId ? handle : null

  // One chart per asset: built once the library has arrived, removed on unmount or when the asset changes.
  useEffect(() => {
    const host = hostRef.current
    if (!host) return
    let cancelled = false
    let chart: IChartApi | undefined
    loadChartLibrary()
      .then(({ createChart, CandlestickSeries, ColorType, CrosshairMode }) => {
        if (cancelled) return
        const colours = themeColours(host)
        chart = createChart(host, {
          autoSize: true,
          layout: {
            background: { type: ColorType.Solid, color: 'transparent' },
            textColor: colours.text,
            fontFamily: colours.fontFamily,
          },
          grid: { vertLines: { color: colours.grid }, horzLines: { color: colours.grid } },
          crosshair: { mode: CrosshairMode.Normal },
          rightPriceScale: { borderColor: colours.border },
          timeScale: { borderColor: colours.border, timeVisible: true, secondsVisible: false },
        })
        const series = chart.addSeries(CandlestickSeries, {
          upColor: colours.gain,
          downColor: colours.loss,
          wickUpColor: colours.gain,
          wickDownColor: colours.loss,
          borderVisible: false,
        })
        setHandle({ assetId, chart, series, host })
        setLibraryFailed(false)
      })
      // The chunk failed to arrive (offline before it was cached) or the chart could not be built.
      .catch((error: unknown) => {
        if (cancelled) return
        chart?.remove()
        chart = undefined
        console.error('The chart could not be created', error)
        setLibraryFailed(true)
      })
    return () => {
      cancelled = true
      chart?.remove()
      // A removed chart must not be mistaken for the next one of the same asset (asset A, then B, then A again).
      setHandle((current) => (current?.chart === chart ? null : current))
    }
  }, [assetId, libraryAttempt])

  // The canvas holds colours, not variables: a theme switch (decision 0020) repaints it with the new theme's. A chart
  // is built with the colours of its moment, so only a later switch needs this.
  const theme = useTheme()
  const painted = useRef<{ chart: IChartApi | null; theme: typeof theme }>({ chart: null, theme })
  useEffect(() => {
    const host = hostRef.current
    if (!active || !host) return
    if (painted.current.chart !== active.chart) {
      painted.current = { chart: active.chart, theme }
      return
    }
    if (painted.current.theme === theme) return
    painted.current = { chart: active.chart, theme }
    const colours = themeColours(host)
    active.chart.applyOptions({
      layout: { textColor: colours.text },
      grid: { vertLines: { color: colours.grid }, horzLines: { color: colours.grid } },
      rightPriceScale: { borderColor: colours.border },
      timeScale: { borderColor: colours.border },
    })
    active.series.applyOptions({
      upColor: colours.gain,
      downColor: colours.loss,
      wickUpColor: colours.gain,
      wickDownColor: colours.loss,
    })
  }, [active, theme])

  useEffect(() => {
    active?.series.applyOptions({
      priceFormat: { type: 'price', precision: decimals, minMove: 10 ** -decimals },
    })
  }, [active, decimals])

  // The server's candles, then every live price of this asset merged into the newest one.
  const data = candles.data
  const shownRef = useRef<{ series: ISeriesApi<'Candlestick'>; timeframe: CandleTimeframe } | null>(null)
  useEffect(() => {
    if (!active) return
    if (!data) {
      active.series.setData([])
      return
    }
    active.series.setData(data.map(toBar))
    // A new chart or timeframe starts at the newest candle; a refetch of the same one keeps the user's scroll.
    const shown = shownRef.current
    if (shown?.series !== active.series || shown.timeframe !== timeframe) {
      active.chart.timeScale().scrollToRealTime()
      shownRef.current = { series: active.series, timeframe }
    }
    // Every tick shapes the newest candle (its high, low and close), but the chart redraws at most every
    // CHART_REDRAW_INTERVAL_MS: a redraw repaints the whole canvas, and at 20 ticks a second per asset that was a
    // tenth of the workspace's main-thread time. A tick draws at once when the interval has passed, in the frame
    // its batch paints anyway; one that comes sooner waits for the next tick after the interval, or for a timer at
    // twice the interval if none comes (a timer at the interval itself would often paint a frame of its own just
    // before the next batch's).
    let last = data.at(-1)
    let pending: readonly Candle[] = []
    let timer: ReturnType<typeof setTimeout> | undefined
    let lastDrawMs = -Infinity
    const draw = () => {
      clearTimeout(timer)
      timer = undefined
      lastDrawMs = Date.now()
      // Oldest first: a candle that closed since the last draw gets its final shape before the next one opens.
      for (const bar of pending) active.series.update(toBar(bar))
      pending = []
    }
    const applyLivePrice = () => {
      const live = store.get(assetId)
      if (!live) return
      const next = nextCandle(last, live.asset.rate, liveTimeSec(live), timeframe)
      if (next === null || next === last) return
      pending = withCandle(pending, next)
      last = next
      const sinceDrawMs = Date.now() - lastDrawMs
      if (sinceDrawMs >= CHART_REDRAW_INTERVAL_MS) draw()
      else timer ??= setTimeout(draw, 2 * CHART_REDRAW_INTERVAL_MS - sinceDrawMs)
    }
    applyLivePrice()
    const unsubscribe = store.subscribe(assetId, applyLivePrice)
    return () => {
      unsubscribe()
      clearTimeout(timer)
    }
  }, [active, data, store, assetId, timeframe])

  const failed = libraryFailed || (candles.isError && !data)
  const loading = !failed && (!data || !active)
  const retry = () => {
    if (libraryFailed) {
      setLibraryFailed(false)
      setLibraryAttempt((attempt) => attempt + 1)
    }
    if (candles.isError) void candles.refetch()
  }

  return (
    <Flex as="section" aria-label={`${label} chart`} h="100%" minH="0" flexDir="column" bg="bg.surface">
      <header
        className={wrap({
          alignItems: 'center',
          gap: '3',
          px: '3',
          py: '2',
          borderBottomWidth: '1px',
          borderColor: 'border',
        })}
      >
        {/* Never narrower than the title and its price: on a phone the actions wrap to a line of their own rather
            than cover the price. */}
        <div className={hstack({ flex: '1 0 auto', gap: '2' })}>
          <Box as="h2" fontWeight="semibold" fontSize="sm">
            {label}
          </Box>
          <LastPrice store={store} assetId={assetId} decimals={decimals} stale={asOf !== undefined} />
          {asOf}
        </div>
        {actions}
        <TimeframeSwitcher value={timeframe} onChange={setTimeframe} />
      </header>
      <Box position="relative" flex="1" minH="0">
        <Box
          ref={hostRef}
          // A figure, not an img: the library puts its attribution link in here, and an img's children are
          // presentational, so a link inside one is unreachable (axe's nested-interactive, decision 0041).
          role="figure"
          aria-label={`Price chart for ${label}`}
          data-testid="asset-chart-canvas"
          // isolate: the library's canvases carry z-indexes of their own; the level handles must stay above them.
          position="absolute"
          inset="0"
          isolation="isolate"
        />
        {/* Mounted for the chart's whole life: its price lines are kept by it, and a timeframe's loading must not
            make them twice. Only the handles wait for the candles. */}
        {active ? (
          <PriceLevels
            chart={active.chart}
            series={active.series}
            host={active.host}
            levels={levels}
            theme={theme}
            decimals={decimals}
            handles={!failed && !loading}
            onLevelDrag={onLevelDrag}
          />
        ) : null}
        {failed ? (
          <div role="alert" className={overlay}>
            <Box as="p" color="text">
              {CHART_LOAD_FAILED}
            </Box>
            <Button size="sm" variant="outline" onClick={retry}>
              <RefreshCw size={14} aria-hidden="true" />
              Retry
            </Button>
          </div>
        ) : loading ? (
          <div className={overlay}>
            <Spinner size="lg" label="Loading the chart..." />
          </div>
        ) : null}
      </Box>
    </Flex>
  )
}

// Computed once: the price renders on every tick of the chart's asset.
const lastPriceLive = textRecipe({ size: 'sm', tone: 'default' })
const lastPriceStale = textRecipe({ size: 'sm', tone: 'muted' })

/** The asset's last price beside the chart's title: live, or muted while it is the last known one. */
function LastPrice(props: { store: LivePriceStore; assetId: string; decimals: number; stale: boolean }) {
  const live = useLiveAsset(props.store, props.assetId)
  if (!live) return null
  return (
    <LiveText
      text={formatPrice(live.asset.rate, props.decimals)}
      data-testid="chart-last-price"
      className={props.stale ? lastPriceStale : lastPriceLive}
    />
  )
}
