export { EconomicCalendar } from './components/economic-calendar'
export { MarketNews } from './components/market-news'
export {
  CALENDAR_COUNTRIES,
  CALENDAR_IMPORTANCE_LEVELS,
  ECONOMIC_CALENDAR_CONFIG,
  ECONOMIC_CALENDAR_SCRIPT_SRC,
  MARKET_NEWS_CONFIG,
  MARKET_NEWS_SCRIPT_SRC,
  WIDGET_MESSAGES,
} from './config'
