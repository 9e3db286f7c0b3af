export {
  AssetChart,
  CHART_LOAD_FAILED,
  CHART_REDRAW_INTERVAL_MS,
  type AssetChartProps,
} from './components/asset-chart'
export { type ChartLevel, type ChartLevelTone } from './components/price-levels'
export { getCandles, getCandlesQueryOptions, useCandles } from './api/get-candles'
export { DEFAULT_TIMEFRAME, preloadChart } from './chart-library'
