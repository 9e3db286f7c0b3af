import { MARKET_NEWS_CONFIG, MARKET_NEWS_SCRIPT_SRC, WIDGET_MESSAGES } from '../config'
import { ThirdPartyWidget } from './third-party-widget'

/** TradingView's news timeline across all symbols. Fills its parent. */
export function MarketNews() {
  return (
    <ThirdPartyWidget
      label="Market news"
      src={MARKET_NEWS_SCRIPT_SRC}
      config={MARKET_NEWS_CONFIG}
      loadingText={WIDGET_MESSAGES.NEWS_LOADING}
      failedText={WIDGET_MESSAGES.NEWS_FAILED}
    />
  )
}
