// The auto trader request's outcomes (docs/product/marketplace.md#auto-trader).
import { AUTOTRADER_MESSAGES, type AutotraderLevel } from '../contract/catalog'

/** docs/product/marketplace.md#auto-trader: open trades at once per level; the default is medium. */
export const AUTOTRADER_OPEN_TRADES: Readonly<Record<AutotraderLevel, string>> = {
  low: '1-2',
  medium: '2-4',
  high: 'Unlimited',
}
export const DEFAULT_AUTOTRADER_LEVEL: AutotraderLevel = 'medium'

/**
 * docs/product/marketplace.md#auto-trader: a failure whose message contains 'pending auto trader request' means one
 * is already waiting for approval; any other failure (or none given) is 'Failed to save AutoTrader settings.'.
 */
export function autotraderFailureMessage(serverMessage: string | null | undefined): string {
  return serverMessage?.toLowerCase().includes(AUTOTRADER_MESSAGES.PENDING_MATCH)
    ? AUTOTRADER_MESSAGES.PENDING
    : AUTOTRADER_MESSAGES.FAILED
}
