import { useState, type ReactNode } from 'react'
import { toast } from '../../../components/ui/toast'
import type { Asset } from '../../../domain/contract/assets'
import type { Trade } from '../../../domain/contract/trades'
import type { DisplayCurrency } from '../../../domain/format/currency'
import { TRADE_MESSAGES, TRADE_TOAST_MS } from '../../../domain/trading/messages'
import { livePosition } from '../../../domain/trading/live-position'
import { useLiveAsset, type LivePriceStore } from '../../../lib/live-prices'
import { useCloseTrade } from '../api/close-trade'
import type { PanelSize } from '../hooks/use-panel-sizes'
import { ClosePositionDialog } from './dialogs/close-position-dialog'
import { PositionsDrawer, type PositionsTab, type TradeListState } from './positions-drawer'

// The positions drawer and what its rows open: the close confirmation. The workspace keeps the lists (its account
// figures need every open position); this part owns what is done to a position.

export interface PositionsSectionProps {
  store: LivePriceStore
  currency: DisplayCurrency
  open: TradeListState
  closed: TradeListState
  /** The asset on the chart, for closing all of its positions; null before the asset list arrives. */
  activeAsset: Asset | null
  tab: PositionsTab
  onTabChange: (tab: PositionsTab) => void
  expanded: boolean
  onExpandedChange: (expanded: boolean) => void
  asOf?: ReactNode
  /** Set while offline: the id of the element saying why the position actions are shut (decision 0021). */
  closeDisabledBy?: string
  size?: PanelSize
  onResize?: (px: number) => void
  onResizeEnd?: () => void
}

export function PositionsSection(props: PositionsSectionProps) {
  const [closing, setClosing] = useState<Trade | null>(null)
  const closeTrade = useCloseTrade()

  // Going offline shuts an open close confirmation: it could not be sent, and nothing is queued (decision 0021).
  const offline = props.closeDisabledBy !== undefined
  const [wasOffline, setWasOffline] = useState(offline)
  if (offline !== wasOffline) {
    setWasOffline(offline)
    if (offline) setClosing(null)
  }

  const confirmClose = () => {
    if (!closing) return
    closeTrade.mutate(
      { tradeId: closing.id },
      {
        onSuccess: () => {
          toast.success(TRADE_MESSAGES.CLOSED, { duration: TRADE_TOAST_MS.SUCCESS })
          setClosing(null)
        },
        onError: () => {
          toast.error(TRADE_MESSAGES.CLOSE_FAILED, {
            description: TRADE_MESSAGES.CLOSE_FAILED_DESCRIPTION,
            duration: TRADE_TOAST_MS.ERROR,
          })
        },
      },
    )
  }

  return (
    <>
      <PositionsDrawer
        store={props.store}
        currency={props.currency}
        open={props.open}
        closed={props.closed}
        tab={props.tab}
        onTabChange={props.onTabChange}
        expanded={props.expanded}
        onExpandedChange={props.onExpandedChange}
        onClose={setClosing}
        asOf={props.asOf}
        closeDisabledBy={props.closeDisabledBy}
        size={props.size}
        onResize={props.onResize}
        onResizeEnd={props.onResizeEnd}
      />
      <LiveClosePositionDialog
        store={props.store}
        currency={props.currency}
        trade={closing}
        onDismiss={() => setClosing(null)}
        busy={closeTrade.isPending}
        onConfirm={confirmClose}
      />
    </>
  )
}

/** The close confirmation, its P/L following the position's own asset while it is open. */
function LiveClosePositionDialog(props: {
  store: LivePriceStore
  currency: DisplayCurrency
  trade: Trade | null
  onDismiss: () => void
  busy: boolean
  onConfirm: () => void
}) {
  const { trade } = props
  const live = useLiveAsset(props.store, trade?.asset_id ?? null)
  return (
    <ClosePositionDialog
      open={trade !== null}
      onOpenChange={(next) => {
        if (!next) props.onDismiss()
      }}
      trade={trade}
      currentPnlUsd={trade ? livePosition(trade, live?.asset).pnlUsd : 0}
      currency={props.currency}
      busy={props.busy}
      onConfirm={props.onConfirm}
    />
  )
}
