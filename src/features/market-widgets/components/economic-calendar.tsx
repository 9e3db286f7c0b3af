import { ECONOMIC_CALENDAR_CONFIG, ECONOMIC_CALENDAR_SCRIPT_SRC, WIDGET_MESSAGES } from '../config'
import { ThirdPartyWidget } from './third-party-widget'

/**
 * TradingView's economic calendar: every importance level, 19 countries
 * (docs/product/trading-workspace.md#left-rail-panels). Fills its parent.
 */
export function EconomicCalendar() {
  return (
    <ThirdPartyWidget
      label="Economic calendar"
      src={ECONOMIC_CALENDAR_SCRIPT_SRC}
      config={ECONOMIC_CALENDAR_CONFIG}
      loadingText={WIDGET_MESSAGES.CALENDAR_LOADING}
      failedText={WIDGET_MESSAGES.CALENDAR_FAILED}
    />
  )
}
