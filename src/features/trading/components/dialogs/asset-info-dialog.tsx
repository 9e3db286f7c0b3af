import { ArrowDownRight, ArrowUpRight, Circle, CircleOff } from 'lucide-react'
import { hstack } from 'styled-system/patterns'
import { Text } from '../../../../components/ui/text'
import type { Asset } from '../../../../domain/contract/assets'
import { formatPrice, formatSignedPercent } from '../../../../domain/format/numbers'
import { ASSET_TYPE_LABELS } from '../../../../domain/market/asset-types'
import { isMarketOpen, TRADING_HOURS_LABELS } from '../../../../domain/market/trading-hours'
import { DetailList, type DetailRow } from '../../../../components/ui/detail-list'
import { DialogFrame } from '../../../../components/ui/dialog-frame'

export interface AssetInfoDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The asset described, with its live prices; null shows a short notice instead. */
  asset: Asset | null
  /**
   * The leverage the customer trades this asset at (the docs/product/trading-workspace.md#leverage chain), shown as
   * 1:N.
   */
  leverage: number
  /** The clock, passed in (epoch ms), for whether the market is open now. */
  nowMs: number
}

/** A spread is a fraction of the price (buy_price = price x (1 + buy_spread)); shown as a percentage. */
const spreadText = (spread: number) => `${formatPrice(spread * 100, 3)}%`

function MarketStatus(props: { open: boolean }) {
  const Icon = props.open ? Circle : CircleOff
  return (
    <span
      data-open={props.open}
      className={hstack({
        display: 'inline-flex',
        gap: '1.5',
        color: props.open ? 'gain' : 'text.muted',
        '& svg': { w: '3', h: '3' },
        '&[data-open=true] svg': { fill: 'currentColor' },
      })}
    >
      <Icon aria-hidden="true" />
      {props.open ? 'Market open' : 'Market closed'}
    </span>
  )
}

function assetRows(asset: Asset, leverage: number, nowMs: number): DetailRow[] {
  const rising = asset.change_percent >= 0
  const Arrow = rising ? ArrowUpRight : ArrowDownRight
  return [
    { key: 'symbol', label: 'Symbol', value: asset.symbol_display },
    { key: 'type', label: 'Type', value: ASSET_TYPE_LABELS[asset.type] },
    { key: 'category', label: 'Category', value: asset.category },
    { key: 'bid', label: 'Bid (sell)', value: formatPrice(asset.sell_price), numeric: true },
    { key: 'ask', label: 'Ask (buy)', value: formatPrice(asset.buy_price), numeric: true },
    { key: 'low', label: '24h low', value: formatPrice(asset.price_low), numeric: true },
    { key: 'high', label: '24h high', value: formatPrice(asset.price_high), numeric: true },
    {
      key: 'change',
      label: '24h change',
      value: (
        <span
          className={hstack({
            display: 'inline-flex',
            gap: '1',
            color: rising ? 'gain' : 'loss',
            textStyle: 'price',
          })}
        >
          <Arrow size={14} aria-hidden="true" />
          {formatSignedPercent(asset.change_percent)}
        </span>
      ),
    },
    { key: 'contract', label: 'Contract size', value: formatPrice(asset.contract_size, 0) },
    { key: 'leverage', label: 'Leverage', value: `1:${leverage}` },
    { key: 'buy-spread', label: 'Buy spread', value: spreadText(asset.buy_spread) },
    { key: 'sell-spread', label: 'Sell spread', value: spreadText(asset.sell_spread) },
    { key: 'hours', label: 'Trading hours', value: TRADING_HOURS_LABELS[asset.type] },
    { key: 'status', label: 'Status now', value: <MarketStatus open={isMarketOpen(asset.type, nowMs)} /> },
  ]
}

/**
 * docs/product/trading-workspace.md#dialogs: the active asset's prices, 24h range, contract terms and trading hours.
 */
export function AssetInfoDialog(props: AssetInfoDialogProps) {
  const { asset } = props
  return (
    <DialogFrame
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={asset ? asset.name : 'Asset information'}
      description={asset ? `${asset.symbol_display} · asset information` : undefined}
    >
      {asset ? (
        <DetailList rows={assetRows(asset, props.leverage, props.nowMs)} />
      ) : (
        <Text tone="muted">No asset selected.</Text>
      )}
    </DialogFrame>
  )
}
