// An account marked to the server's prices: a position's unrealised P/L, and equity, margin in use and free margin
// (docs/product/trading-workspace.md#account-figures). What a market order, a pending order's fill, the cashier and
// the back office all check against, so each sees the same figures.
import { equityUsd, freeMarginUsd, positionPnlUsd } from '../../src/domain/trading/account-maths'
import { TRADING_HOURS_LABELS } from '../../src/domain/market/trading-hours'
import type { Prices } from '../realtime'
import type { AccountForOpening, Position, PositionAsset } from '../repositories/trades'
import { closingPriceAt, quoteAt, type Quote, type Spreads } from './pricing'
import { noPriceMessage, refuse, type Refusal } from './results'
import { toTradeJson } from './views'

export type MarketMarks = ReturnType<typeof createMarketMarks>

export interface AccountFigures {
  pnl: number
  equity: number
  margin: number
  freeMargin: number
}

export function createMarketMarks(prices: Pick<Prices, 'current' | 'isOpen'>) {
  const rateOf = (feedId: string) => prices.current(feedId)?.price

  /** A position's unrealised P/L at the server's price now (none yet: at its opening price, so 0). */
  function pnlAtMarket({ trade, asset }: Position): number {
    const rate = rateOf(asset.feedId)
    const closing = rate === undefined ? trade.openingPrice : closingPriceAt(trade.side, asset, rate)
    return positionPnlUsd(trade.side, trade.openingPrice, closing, trade.volumeUnits)
  }

  return {
    rateOf,

    /** The buy and sell prices of an asset now, or undefined while the feed has none. */
    quoteOf(feedId: string, spreads: Spreads): Quote | undefined {
      const rate = rateOf(feedId)
      return rate === undefined ? undefined : quoteAt(spreads, rate)
    },

    pnlAtMarket,

    /**
     * The rate a position of this asset closes at now, or why it cannot: a closed market's last price is stale, and
     * closing there would trade on a price nobody can deal at.
     */
    closingRate(asset: Pick<PositionAsset, 'feedId' | 'symbol' | 'type'>): number | Refusal {
      if (prices.isOpen(asset.feedId) !== true) {
        return refuse(
          422,
          `The ${asset.symbol} market is closed; the position can be closed when it opens (${TRADING_HOURS_LABELS[asset.type]}).`,
        )
      }
      return rateOf(asset.feedId) ?? refuse(422, noPriceMessage(asset.symbol))
    },

    /**
     * Equity, margin in use and free margin (docs/product/trading-workspace.md#account-figures) of an account at the
     * server's prices now.
     */
    figuresOf(account: Pick<AccountForOpening, 'balanceUsd' | 'openPositions'>): AccountFigures {
      let pnl = 0
      let margin = 0
      for (const position of account.openPositions) {
        pnl += pnlAtMarket(position)
        margin += Number(position.trade.marginUsd)
      }
      const equity = equityUsd(Number(account.balanceUsd), pnl)
      return { pnl, equity, margin, freeMargin: freeMarginUsd(equity, margin) }
    },

    /** A position as the API shows it, an open one marked to the current price. */
    view: (position: Position) => toTradeJson(position, rateOf(position.asset.feedId)),
  }
}
