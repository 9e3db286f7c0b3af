// A market order (POST /trades/store, decisions 0009 and 0011): sized from its lots, priced at the server's price now,
// its take-profit and stop-loss checked against that price, then opened through the position opener under its
// Idempotency-Key. What the client sends as opening_price, margin or leverage is kept for the record and never used.
import type { StoreTradeRequest } from '../../src/domain/contract'
import { closingPriceQuote, openingPriceQuote } from '../../src/domain/trading/account-maths'
import type { Prices } from '../realtime'
import type { Repositories } from '../repositories'
import { positionAssetOf, type Position } from '../repositories/trades'
import type { UserRow } from '../repositories/users'
import type { MarketMarks } from './market-marks'
import type { Opening, PositionOpener } from './position-opener'
import { formatPrice, quoteAt } from './pricing'
import {
  fieldsRefused,
  levelOutOfRange,
  lotsProblem,
  marketClosedMessage,
  noPriceMessage,
  orderHash,
  refuse,
  TRADE_MESSAGES,
  type EngineResult,
  type FieldErrors,
} from './results'

/**
 * A take-profit must be beyond the opening price. A stop-loss must be beyond the price the position would close at
 * now: one between the buy and sell prices would close the position at the next tick, losing the spread.
 */
function levelProblems(
  side: StoreTradeRequest['type'],
  levels: { take_profit: number; stop_loss: number },
  openingQuote: number,
  closingQuote: number,
): FieldErrors {
  const errors: FieldErrors = {}
  const opening = formatPrice(openingQuote)
  const closing = formatPrice(closingQuote)
  const takeProfit = levels.take_profit
  const stopLoss = levels.stop_loss
  if (levelOutOfRange(takeProfit)) errors.take_profit = ['Take profit is not a possible price.']
  else if (takeProfit > 0 && side === 'buy' && takeProfit <= openingQuote)
    errors.take_profit = [`Take profit must be above the opening price (${opening}) for a buy.`]
  else if (takeProfit > 0 && side === 'sell' && takeProfit >= openingQuote)
    errors.take_profit = [`Take profit must be below the opening price (${opening}) for a sell.`]
  if (levelOutOfRange(stopLoss)) errors.stop_loss = ['Stop loss is not a possible price.']
  else if (stopLoss > 0 && side === 'buy' && stopLoss >= closingQuote)
    errors.stop_loss = [`Stop loss must be below the current sell price (${closing}) for a buy.`]
  else if (stopLoss > 0 && side === 'sell' && stopLoss <= closingQuote)
    errors.stop_loss = [`Stop loss must be above the current buy price (${closing}) for a sell.`]
  return errors
}

export interface MarketOpeningDependencies {
  repos: Repositories
  prices: Prices
  marks: MarketMarks
  opener: PositionOpener
  /** After an opening committed: its levels watched, the customer's tabs told. */
  opened: (position: Position) => void
}

/** POST /trades/store: the request is already schema-valid; `idempotencyKey` is the validated header. */
export function createMarketOpening({ repos, prices, marks, opener, opened }: MarketOpeningDependencies) {
  const { rateOf, view } = marks
  return async function open(
    user: UserRow,
    request: StoreTradeRequest,
    idempotencyKey: string,
  ): Promise<EngineResult> {
    const lots = lotsProblem(request.qty)
    if (lots !== undefined) return refuse(422, lots, 'qty')

    const message = request.type === 'buy' ? TRADE_MESSAGES.BUY_PLACED : TRADE_MESSAGES.SELL_PLACED
    const requestHash = orderHash(request)
    /** The first answer again for the same order; a different order under a used key is refused. */
    const replayOf = (position: Position): EngineResult => {
      const { requestHash: firstHash, side } = position.trade
      // Positions opened before the hash was kept (null) answer as they always did.
      if (firstHash !== null && firstHash !== requestHash) {
        return refuse(422, TRADE_MESSAGES.KEY_REUSED, 'Idempotency-Key')
      }
      const placed = side === 'buy' ? TRADE_MESSAGES.BUY_PLACED : TRADE_MESSAGES.SELL_PLACED
      return { ok: true, statusCode: 200, message: placed, trade: view(position) }
    }
    // A retry of a submit that already went through answers its first answer, even when the order would be
    // refused now (the market closed since): a refusal below looks the key up first. A retry that would not be
    // refused finds its position in the opening's own transaction, which reads the key under the row lock anyway.
    const refusedUnlessReplay = async (refusal: EngineResult): Promise<EngineResult> => {
      const replay = await repos.trades.findByIdempotencyKey(user.id, idempotencyKey)
      return replay ? replayOf(replay) : refusal
    }

    const asset = await opener.tradableAsset(user, request.id)
    if ('ok' in asset) return refusedUnlessReplay(asset)

    // Lots have two decimals (the step is 0.01); dividing an integer keeps 0.29 from becoming 0.29000000000000004.
    const volumeLots = Math.round(request.qty * 100) / 100
    const volumeUnits = Number((volumeLots * asset.contract_size).toFixed(6))
    if (Math.abs(request.volume - volumeUnits) > Math.max(volumeUnits * 1e-6, 1e-9)) {
      return refusedUnlessReplay(
        refuse(
          422,
          `Volume must be lots x contract size: ${volumeLots} x ${asset.contract_size} = ${volumeUnits} units.`,
          'volume',
        ),
      )
    }

    if (prices.isOpen(asset.asset_id) !== true)
      return refusedUnlessReplay(refuse(422, marketClosedMessage(asset)))
    const rate = rateOf(asset.asset_id)
    if (rate === undefined) return refusedUnlessReplay(refuse(422, noPriceMessage(asset.symbol)))
    const quote = quoteAt({ buySpread: asset.buy_spread, sellSpread: asset.sell_spread }, rate)
    const openingQuote = openingPriceQuote(request.type, quote)
    const levelRefusal = fieldsRefused(
      levelProblems(request.type, request, openingQuote, closingPriceQuote(request.type, quote)),
    )
    if (levelRefusal) return refusedUnlessReplay(levelRefusal)

    const opening: Opening = {
      userId: user.id,
      asset,
      side: request.type,
      volumeLots,
      volumeUnits,
      openingQuote,
      takeProfitQuote: request.take_profit,
      stopLossQuote: request.stop_loss,
      trailingStopQuote: 0,
      idempotencyKey,
      requestHash,
      requested: {
        opening_price: request.opening_price,
        margin: request.margin,
        leverage: request.leverage,
        amount: request.amount,
        qty: request.qty,
        volume: request.volume,
      },
      orderId: null,
    }
    const result = await opener.openWith(opening, (position, refusalOf) =>
      repos.trades.open(position, (account) => refusalOf(account)?.message, positionAssetOf(asset)),
    )
    if (result.kind === 'refused') return refuse(422, result.message)
    if (result.kind === 'existing') return replayOf(result.position)
    opened(result.position)
    return { ok: true, statusCode: 201, message, trade: view(result.position) }
  }
}
