import { toast } from '../../../components/ui/toast'
import type { Trade } from '../../../domain/contract/trades'
import {
  marketOrderRequest,
  placedTradeDescription,
  type MarketOrderInput,
} from '../../../domain/trading/market-order'
import { TRADE_MESSAGES, TRADE_TOAST_MS } from '../../../domain/trading/messages'
import { HttpError } from '../../../lib/http'
import { useStoreTrade } from '../api/store-trade'

export interface PlaceMarketTradeOptions {
  /** The submit's key; the caller makes a new one in onSettled (docs/product/orders-and-alerts.md#positions). */
  idempotencyKey: string
  onPlaced: (trade: Trade) => void
  onSettled: () => void
}

/**
 * A market order as the Buy and Sell ticket and the pending order dialog left at 'Current' both place it
 * (docs/product/orders-and-alerts.md#market-orders): the same request (marketOrderRequest), the same toast when
 * it opens, and the server's own words, else the general ones, when it does not.
 */
export function usePlaceMarketTrade() {
  const storeTrade = useStoreTrade()
  const place = (input: MarketOrderInput, options: PlaceMarketTradeOptions) => {
    storeTrade.mutate(
      { payload: marketOrderRequest(input), idempotencyKey: options.idempotencyKey },
      {
        onSuccess: (trade) => {
          toast.success(input.side === 'buy' ? TRADE_MESSAGES.BUY_PLACED : TRADE_MESSAGES.SELL_PLACED, {
            description: placedTradeDescription(trade),
            duration: TRADE_TOAST_MS.SUCCESS,
          })
          options.onPlaced(trade)
        },
        onError: (error) => {
          const serverMessage = error instanceof HttpError && error.status > 0 ? error.message : null
          toast.error(TRADE_MESSAGES.EXECUTE_FAILED, {
            description: serverMessage ?? TRADE_MESSAGES.EXECUTE_FAILED_DESCRIPTION,
            duration: TRADE_TOAST_MS.ERROR,
          })
        },
        onSettled: options.onSettled,
      },
    )
  }
  return { place, isPending: storeTrade.isPending }
}
