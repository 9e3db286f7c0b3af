// TradingView's embed widgets for the workspace's Calendar and Market News panels
// (docs/product/trading-workspace.md#left-rail-panels): which script each panel loads and the settings it is given.
// The calendar shows every importance level for 19 countries.

import { WIDGET_SCRIPT_ORIGIN } from '../../domain/site/third-party-origins'

const EMBED_BASE = `${WIDGET_SCRIPT_ORIGIN}/external-embedding`

export const ECONOMIC_CALENDAR_SCRIPT_SRC = `${EMBED_BASE}/embed-widget-events.js`
export const MARKET_NEWS_SCRIPT_SRC = `${EMBED_BASE}/embed-widget-timeline.js`

/** TradingView's importance levels: -1 low, 0 medium, 1 high. */
export const CALENDAR_IMPORTANCE_LEVELS = [-1, 0, 1] as const

/** ISO 3166 alpha-2 codes in TradingView's lower case; 'eu' is the euro area. */
export const CALENDAR_COUNTRIES = [
  'us',
  'eu',
  'gb',
  'jp',
  'cn',
  'ca',
  'au',
  'nz',
  'ch',
  'de',
  'fr',
  'it',
  'es',
  'in',
  'br',
  'za',
  'ru',
  'kr',
  'mx',
] as const

export const ECONOMIC_CALENDAR_CONFIG = {
  colorTheme: 'dark',
  isTransparent: true,
  width: '100%',
  height: '100%',
  locale: 'en',
  importanceFilter: CALENDAR_IMPORTANCE_LEVELS.join(','),
  countryFilter: CALENDAR_COUNTRIES.join(','),
} as const

export const MARKET_NEWS_CONFIG = {
  feedMode: 'all_symbols',
  colorTheme: 'dark',
  isTransparent: true,
  displayMode: 'regular',
  width: '100%',
  height: '100%',
  locale: 'en',
} as const

export const WIDGET_MESSAGES = {
  CALENDAR_LOADING: 'Loading the economic calendar...',
  CALENDAR_FAILED:
    'The economic calendar could not be loaded. It comes from TradingView and needs an internet connection.',
  NEWS_LOADING: 'Loading market news...',
  NEWS_FAILED: 'Market news could not be loaded. It comes from TradingView and needs an internet connection.',
} as const
