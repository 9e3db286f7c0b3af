import { useCallback, useState, type ReactNode } from 'react'
import { Box } from 'styled-system/jsx'
import { toast } from '../../../components/ui/toast'
import type { Asset } from '../../../domain/contract/assets'
import { ORDER_MESSAGES, type ModifyTradeRequest } from '../../../domain/contract/orders'
import type { Trade } from '../../../domain/contract/trades'
import type { DisplayCurrency } from '../../../domain/format/currency'
import { formatPrice } from '../../../domain/format/numbers'
import { closeAllCounts, closeAllOutcome, type CloseAllScope } from '../../../domain/trading/close-all'
import { TRADE_MESSAGES, TRADE_TOAST_MS } from '../../../domain/trading/messages'
import { livePosition } from '../../../domain/trading/live-position'
import { closeVolumeUnits } from '../../../domain/trading/partial-close'
import { levelText, type PositionLevelErrors } from '../../../domain/trading/position-levels'
import { HttpError } from '../../../lib/http'
import { useLiveAsset, type LivePriceStore } from '../../../lib/live-prices'
import { useCloseTrade } from '../api/close-trade'
import { useCloseAllTrades, useModifyTrade } from '../api/position-changes'
import type { PanelSize } from '../hooks/use-panel-sizes'
import type { CloseVolume } from './dialogs/close-position-dialog'
import { CloseAllPositionsDialog, ClosePositionDialog, TakeProfitStopLossDialog } from './dialogs/lazy'
import { PositionsDrawer, type PositionsTab, type TradeListState } from './positions-drawer'

// The positions drawer and what its rows open: the close confirmation (a part or the whole), the TP and SL dialog
// on a position and the close-all confirmation (decision 0034). The workspace keeps the lists (its account figures
// need every open position); this part owns what is done to a position.

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

/** The first message of a 422's field, or undefined. */
const fieldError = (error: unknown, field: string) =>
  error instanceof HttpError && error.status === 422 ? error.fieldErrors[field]?.[0] : undefined

const LEVEL_FIELDS = ['take_profit', 'stop_loss', 'trailing_stop'] as const

export function PositionsSection(props: PositionsSectionProps) {
  const [closing, setClosing] = useState<Trade | null>(null)
  const [modifying, setModifying] = useState<Trade | null>(null)
  const [closingAll, setClosingAll] = useState(false)
  const [volumeError, setVolumeError] = useState<string | undefined>()
  const [levelErrors, setLevelErrors] = useState<PositionLevelErrors>({})
  const closeTrade = useCloseTrade()
  const modifyTrade = useModifyTrade()
  const closeAll = useCloseAllTrades()

  // Going offline shuts every open dialog here: nothing could be sent, and nothing is queued (decision 0021).
  const offline = props.closeDisabledBy !== undefined
  const [wasOffline, setWasOffline] = useState(offline)
  if (offline !== wasOffline) {
    setWasOffline(offline)
    if (offline) {
      setClosing(null)
      setModifying(null)
      setClosingAll(false)
    }
  }

  // Stable, so the memoised rows do not re-render when the section does.
  const openClose = useCallback((trade: Trade) => {
    setVolumeError(undefined)
    setClosing(trade)
  }, [])
  const openModify = useCallback((trade: Trade) => {
    setLevelErrors({})
    setModifying(trade)
  }, [])
  const openCloseAll = useCallback(() => setClosingAll(true), [])

  const confirmClose = ({ lots, whole }: CloseVolume) => {
    if (!closing) return
    setVolumeError(undefined)
    closeTrade.mutate(
      { tradeId: closing.id, volume: whole ? undefined : closeVolumeUnits(lots, closing) },
      {
        onSuccess: () => {
          toast.success(whole ? TRADE_MESSAGES.CLOSED : ORDER_MESSAGES.PARTIALLY_CLOSED, {
            duration: TRADE_TOAST_MS.SUCCESS,
          })
          setClosing(null)
        },
        onError: (error) => {
          const refused = fieldError(error, 'volume')
          if (refused) {
            setVolumeError(refused)
            return
          }
          toast.error(TRADE_MESSAGES.CLOSE_FAILED, {
            description:
              error instanceof HttpError && error.status >= 400 && error.status < 500
                ? error.message
                : TRADE_MESSAGES.CLOSE_FAILED_DESCRIPTION,
            duration: TRADE_TOAST_MS.ERROR,
          })
        },
      },
    )
  }

  const saveLevels = (changes: ModifyTradeRequest) => {
    if (!modifying) return
    setLevelErrors({})
    modifyTrade.mutate(
      { tradeId: modifying.id, changes },
      {
        onSuccess: () => {
          toast.success(ORDER_MESSAGES.POSITION_MODIFIED, { duration: TRADE_TOAST_MS.SUCCESS })
          setModifying(null)
        },
        onError: (error) => {
          const errors: PositionLevelErrors = {}
          for (const field of LEVEL_FIELDS) {
            const message = fieldError(error, field)
            if (message) errors[field] = message
          }
          if (Object.keys(errors).length > 0) {
            setLevelErrors(errors)
            return
          }
          toast.error(error.message, { duration: TRADE_TOAST_MS.ERROR })
        },
      },
    )
  }

  const openTrades = props.open.trades
  const activeAssetId = props.activeAsset?.asset_id ?? null
  const confirmCloseAll = (scope: CloseAllScope) => {
    const references = new Map(openTrades.map((trade) => [trade.id, trade.trade_id]))
    closeAll.mutate(scope === 'asset' && activeAssetId !== null ? activeAssetId : undefined, {
      onSuccess: (result) => {
        const outcome = closeAllOutcome(result, (id) => references.get(id) ?? `#${id}`)
        if (outcome.ok) {
          toast.success(outcome.title, { duration: TRADE_TOAST_MS.SUCCESS })
        } else {
          toast.error(outcome.title, {
            description: (
              <Box as="ul" listStyle="none">
                {outcome.failures.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </Box>
            ),
            duration: TRADE_TOAST_MS.ERROR,
          })
        }
        setClosingAll(false)
      },
      onError: (error) => {
        toast.error(TRADE_MESSAGES.CLOSE_FAILED, {
          description: error instanceof HttpError && error.status < 500 ? error.message : undefined,
          duration: TRADE_TOAST_MS.ERROR,
        })
      },
    })
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
        onClose={openClose}
        onModify={openModify}
        onCloseAll={openCloseAll}
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
        volumeError={volumeError}
        onConfirm={confirmClose}
      />
      <LivePositionLevelsDialog
        store={props.store}
        trade={modifying}
        onDismiss={() => setModifying(null)}
        busy={modifyTrade.isPending}
        errors={levelErrors}
        onSave={saveLevels}
      />
      <CloseAllPositionsDialog
        open={closingAll}
        onOpenChange={setClosingAll}
        counts={closeAllCounts(openTrades, activeAssetId)}
        assetSymbol={props.activeAsset?.symbol_display ?? null}
        busy={closeAll.isPending}
        onConfirm={confirmCloseAll}
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
  volumeError: string | undefined
  onConfirm: (close: CloseVolume) => void
}) {
  const trade = useLastShown(props.trade)
  const live = useLiveAsset(props.store, trade?.asset_id ?? null)
  return (
    <ClosePositionDialog
      open={props.trade !== null}
      onOpenChange={(next) => {
        if (!next) props.onDismiss()
      }}
      trade={trade}
      currentPnlUsd={trade ? livePosition(trade, live?.asset).pnlUsd : 0}
      currency={props.currency}
      busy={props.busy}
      volumeError={props.volumeError}
      onConfirm={props.onConfirm}
    />
  )
}

/** The TP and SL dialog on an open position, its rules held to the position's live price. */
function LivePositionLevelsDialog(props: {
  store: LivePriceStore
  trade: Trade | null
  onDismiss: () => void
  busy: boolean
  errors: PositionLevelErrors
  onSave: (changes: ModifyTradeRequest) => void
}) {
  const trade = useLastShown(props.trade)
  const live = useLiveAsset(props.store, trade?.asset_id ?? null)?.asset
  const quote = live ? { buy_price: live.buy_price, sell_price: live.sell_price } : null
  return (
    <TakeProfitStopLossDialog
      open={props.trade !== null}
      onOpenChange={(next) => {
        if (!next) props.onDismiss()
      }}
      description={
        trade
          ? `${trade.asset_symbol} · ${trade.trade_type === 'buy' ? 'Buy' : 'Sell'} ${trade.qty.toFixed(2)} lot · ` +
            `opened at ${formatPrice(trade.opening_price)}`
          : undefined
      }
      initialTakeProfit={trade ? levelText(trade.take_profit) : ''}
      initialStopLoss={trade ? levelText(trade.stop_loss) : ''}
      referencePriceQuote={live?.rate}
      position={
        trade
          ? { trade, quote, busy: props.busy, errors: props.errors, onSaveChanges: props.onSave }
          : undefined
      }
    />
  )
}

/** The last position a dialog was opened on, so its content stays while it animates out. */
function useLastShown(trade: Trade | null): Trade | null {
  const [shown, setShown] = useState(trade)
  if (trade !== null && trade !== shown) setShown(trade)
  return trade ?? shown
}
