// The one way a position opens (decisions 0009 and 0034), whether a market order asks for it or a pending order's
// fill: the leverage chain GET /data shows, the margin at the opening price, and the account check under the
// customer's row lock (status, then free margin at the server's prices). Only the transaction differs: a market
// order's looks its Idempotency-Key up, a fill's ends its order.
import type { Asset, SiteSettings, TradeSide } from '../../src/domain/contract'
import { positionMarginUsd, roundToCents } from '../../src/domain/trading/account-maths'
import { leverageFor } from '../../src/domain/trading/leverage'
import type { Repositories } from '../repositories'
import type { AccountRefusal } from '../repositories/orders'
import type { AccountForOpening, NewPosition } from '../repositories/trades'
import type { UserRow } from '../repositories/users'
import type { MarketMarks } from './market-marks'
import { formatUsd } from './pricing'
import { refuse, TRADE_MESSAGES, type Refusal } from './results'

/** A position about to open, priced and sized; the opener adds leverage, margin and the time. */
export interface Opening {
  userId: number
  asset: Asset
  side: TradeSide
  volumeLots: number
  volumeUnits: number
  openingQuote: number
  takeProfitQuote: number
  stopLossQuote: number
  trailingStopQuote: number
  idempotencyKey: string
  requestHash: string
  requested: Record<string, number>
  orderId: number | null
}

export type RefusalOf = (account: AccountForOpening) => AccountRefusal | undefined

export interface OpenerDependencies {
  repos: Repositories
  marks: MarketMarks
  now: () => Date
}

export type PositionOpener = ReturnType<typeof createPositionOpener>

export function createPositionOpener({ repos, marks, now }: OpenerDependencies) {
  /**
   * docs/product/trading-workspace.md#leverage's leverage chain, with the same per-class map GET /data gives the
   * workspace: the margin shown is taken.
   */
  async function leverageOf(
    userId: number,
    asset: Asset,
    siteSettings: Promise<SiteSettings> = repos.settings.get(),
  ): Promise<number> {
    const [settings, planLeverage] = await Promise.all([siteSettings, repos.users.planLeverage(userId)])
    return leverageFor({
      type: asset.type,
      categoryLeverage: settings.leverage,
      assetLeverage: asset.leverage,
      accountTypeLeverage: planLeverage,
    })
  }

  /** Why this account cannot take `marginUsd` more margin now, or undefined when it can. */
  function refusalFor(account: AccountForOpening, marginUsd: number): AccountRefusal | undefined {
    // Read again under the row lock: an admin may have deactivated the account a moment ago.
    if (account.status === 'pending') return { reason: 'account_inactive', message: TRADE_MESSAGES.PENDING }
    if (account.status !== 'active')
      return { reason: 'account_inactive', message: TRADE_MESSAGES.DEACTIVATED }
    const freeMargin = roundToCents(marks.figuresOf(account).freeMargin)
    if (marginUsd <= freeMargin) return undefined
    return {
      reason: 'insufficient_margin',
      message: `Not enough free margin: this trade needs ${formatUsd(marginUsd)} and your free margin is ${formatUsd(freeMargin)}.`,
    }
  }

  return {
    /** The asset (Asset.id) this customer may order now, or why not: the account's status, an unknown asset. */
    async tradableAsset(user: UserRow, assetId: number): Promise<Asset | Refusal> {
      if (user.status === 'pending') return refuse(422, TRADE_MESSAGES.PENDING)
      if (user.status !== 'active') return refuse(422, TRADE_MESSAGES.DEACTIVATED)
      const asset = await repos.assets.findByIdOrAssetId(String(assetId))
      return asset && asset.id === assetId ? asset : refuse(404, TRADE_MESSAGES.ASSET_NOT_FOUND)
    },

    /** The margin a position of this size would take at `priceQuote`, in cents. */
    async marginUsd(userId: number, asset: Asset, volumeUnits: number, priceQuote: number): Promise<number> {
      const leverage = await leverageOf(userId, asset)
      return roundToCents(positionMarginUsd(volumeUnits, priceQuote, leverage))
    },

    refusalFor,

    /**
     * Prices the opening's margin and hands the position and its account check to `commit`'s transaction.
     * `siteSettings`: the settings a caller already read for several openings at once (the fills of one tick).
     */
    async openWith<Result>(
      opening: Opening,
      commit: (position: NewPosition, refusalOf: RefusalOf) => Promise<Result>,
      siteSettings?: Promise<SiteSettings>,
    ): Promise<Result> {
      const leverage = await leverageOf(opening.userId, opening.asset, siteSettings)
      const marginUsd = roundToCents(positionMarginUsd(opening.volumeUnits, opening.openingQuote, leverage))
      const position: NewPosition = {
        userId: opening.userId,
        assetId: opening.asset.id,
        side: opening.side,
        volumeLots: opening.volumeLots,
        volumeUnits: opening.volumeUnits,
        contractSize: opening.asset.contract_size,
        leverage,
        openingPriceQuote: opening.openingQuote,
        takeProfitQuote: opening.takeProfitQuote,
        stopLossQuote: opening.stopLossQuote,
        trailingStopQuote: opening.trailingStopQuote,
        marginUsd: marginUsd.toFixed(2),
        orderId: opening.orderId,
        idempotencyKey: opening.idempotencyKey,
        requestHash: opening.requestHash,
        requested: opening.requested,
        now: now(),
      }
      return commit(position, (account) => refusalFor(account, marginUsd))
    },
  }
}
