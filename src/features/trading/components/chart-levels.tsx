// The active asset's positions and pending orders as levels on its chart, and what dragging one does (decision
// 0034): the move is shown where it was dropped, confirmed in a dialog that states the side rule the new price
// would break, then sent as PATCH /trade/{id} or PATCH /orders/{id}. The route hands the levels to the chart
// feature, which this feature may not import: ChartLevelView is the shape the chart takes.
import { useMemo, useState, type ReactNode } from 'react'
import { toast } from '../../../components/ui/toast'
import type { Asset } from '../../../domain/contract/assets'
import { ORDER_MESSAGES } from '../../../domain/contract/orders'
import { formatPrice } from '../../../domain/format/numbers'
import {
  chartLevels,
  levelChange,
  levelMoveError,
  levelMoveTitle,
  type ChartLevelKind,
  type LevelMove,
  type PriceLevel,
} from '../../../domain/trading/chart-levels'
import { TRADE_TOAST_MS } from '../../../domain/trading/messages'
import { HttpError } from '../../../lib/http'
import { useLiveAsset, type LivePriceStore } from '../../../lib/live-prices'
import { flattenTrades, useTrades } from '../api/get-trades'
import { flattenOrders, useModifyOrder, useOrders } from '../api/orders'
import { useModifyTrade } from '../api/position-changes'
import { ConfirmLevelMoveDialog } from './dialogs/confirm-level-move-dialog'

export type ChartLevelTone = 'neutral' | 'gain' | 'loss' | 'accent'

/** A level as the chart draws it (the chart feature's ChartLevel). */
export interface ChartLevelView {
  id: string
  price: number
  label: string
  name: string
  tone: ChartLevelTone
  draggable: boolean
}

const TONES: Record<ChartLevelKind, ChartLevelTone> = {
  entry: 'neutral',
  take_profit: 'gain',
  stop_loss: 'loss',
  order: 'accent',
}

const FIELD_WORDS: Record<LevelMove['field'], string> = {
  take_profit: 'Take profit',
  stop_loss: 'Stop loss',
  price: 'Order price',
}

/** When a change could not be sent at all (no answer): nothing was changed. */
export const LEVEL_MOVE_FAILED = 'The change could not be sent. Please try again.'

export interface ChartLevelsProps {
  /** The asset on the chart. */
  asset: Asset
  store: LivePriceStore
  /** Offline: the levels are drawn but cannot be moved, as nothing is queued (decision 0021). */
  readOnly?: boolean
  children: (levels: ChartLevelView[], onLevelDrag: (id: string, priceQuote: number) => void) => ReactNode
}

interface Moving {
  level: PriceLevel & { move: LevelMove }
  price: number
  /** Sent and not yet answered: the dialog waits, the line stays at the new price. */
  sending: boolean
}

/** The server's own words for a refused change: the field's rule if it named one, else its message. */
function refusalOf(error: unknown): string {
  if (!(error instanceof HttpError) || error.status === 0) return LEVEL_MOVE_FAILED
  return Object.values(error.fieldErrors).flat()[0] ?? error.message
}

export function ChartLevels({ asset, store, readOnly = false, children }: ChartLevelsProps) {
  const trades = useTrades('open')
  const orders = useOrders('pending')
  const modifyTrade = useModifyTrade()
  const modifyOrder = useModifyOrder()
  const [moving, setMoving] = useState<Moving | null>(null)

  const openTrades = useMemo(() => flattenTrades(trades.data?.pages), [trades.data])
  const pendingOrders = useMemo(() => flattenOrders(orders.data?.pages), [orders.data])
  const assetId = asset.asset_id
  const levels = useMemo(
    () => chartLevels(assetId, openTrades, pendingOrders),
    [assetId, openTrades, pendingOrders],
  )
  const views = useMemo(
    () =>
      // The level being confirmed is drawn at its new price until the answer (and the refetch after it) is in.
      (moving
        ? chartLevels(assetId, openTrades, pendingOrders, { move: moving.level.move, price: moving.price })
        : levels
      ).map((level): ChartLevelView => ({
        id: level.id,
        price: level.price,
        label: level.label,
        name: level.name,
        tone: TONES[level.kind],
        draggable: level.move !== null && !readOnly,
      })),
    [assetId, openTrades, pendingOrders, levels, moving, readOnly],
  )

  const onLevelDrag = (id: string, priceQuote: number) => {
    if (moving || readOnly) return
    const level = levels.find((candidate) => candidate.id === id)
    if (!level?.move) return
    setMoving({ level: { ...level, move: level.move }, price: priceQuote, sending: false })
  }

  const confirm = () => {
    if (!moving || moving.sending) return
    const { level, price } = moving
    setMoving({ ...moving, sending: true })
    const change = levelChange(level.move, price)
    const done = {
      onSuccess: () => {
        toast.success(
          change.target === 'trade' ? ORDER_MESSAGES.POSITION_MODIFIED : ORDER_MESSAGES.MODIFIED,
          {
            description: `${FIELD_WORDS[level.move.field]} ${formatPrice(price)}`,
            duration: TRADE_TOAST_MS.SUCCESS,
          },
        )
      },
      onError: (error: unknown) => {
        toast.error(refusalOf(error), { duration: TRADE_TOAST_MS.ERROR })
      },
      // The mutation has refetched the lists by now: the line shows what the server holds.
      onSettled: () => setMoving(null),
    }
    if (change.target === 'trade') modifyTrade.mutate({ tradeId: change.id, changes: change.changes }, done)
    else modifyOrder.mutate({ orderId: change.id, changes: change.changes }, done)
  }

  return (
    <>
      {children(views, onLevelDrag)}
      <LiveConfirmLevelMove
        store={store}
        asset={asset}
        moving={moving}
        onCancel={() => setMoving((current) => (current?.sending ? current : null))}
        onConfirm={confirm}
      />
    </>
  )
}

/** The confirmation, its side rule checked against the asset's live price while it is open. */
function LiveConfirmLevelMove(props: {
  store: LivePriceStore
  asset: Asset
  moving: Moving | null
  onCancel: () => void
  onConfirm: () => void
}) {
  const { moving, asset } = props
  const live = useLiveAsset(props.store, moving ? asset.asset_id : null)
  const quote = live?.asset ?? asset
  return (
    <ConfirmLevelMoveDialog
      open={moving !== null}
      onOpenChange={(open) => {
        if (!open) props.onCancel()
      }}
      title={moving ? levelMoveTitle(moving.level.move) : ''}
      owner={moving ? `${asset.symbol_display} · ${moving.level.owner}` : ''}
      fromText={moving ? formatPrice(moving.level.move.from) : ''}
      toText={moving ? formatPrice(moving.price) : ''}
      // Once sent, the server's answer decides; a tick must not disable the button of a request in flight.
      error={moving && !moving.sending ? levelMoveError(moving.level.move, moving.price, quote) : null}
      busy={moving?.sending ?? false}
      onConfirm={props.onConfirm}
    />
  )
}
