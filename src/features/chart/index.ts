export { AssetChart, CHART_LOAD_FAILED, type AssetChartProps } from './components/asset-chart'
export { getCandles, getCandlesQueryOptions, useCandles } from './api/get-candles'
export { DEFAULT_TIMEFRAME, preloadChart } from './chart-library'
