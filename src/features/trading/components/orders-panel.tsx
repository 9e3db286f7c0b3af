import { useCallback, useMemo, useState, type ReactNode } from 'react'
import { css } from 'styled-system/css'
import { EntryList } from '../../../components/ui/entry-list'
import { LoadMoreSentinel } from '../../../components/ui/load-more-sentinel'
import * as Tabs from '../../../components/ui/tabs'
import { toast } from '../../../components/ui/toast'
import type { Asset } from '../../../domain/contract/assets'
import { ORDER_MESSAGES, type Order } from '../../../domain/contract/orders'
import { withSymbolDisplay } from '../../../domain/market/symbol-display'
import { TRADE_MESSAGES, TRADE_TOAST_MS } from '../../../domain/trading/messages'
import { ORDER_FAILURES } from '../../../domain/trading/pending-orders'
import { HttpError } from '../../../lib/http'
import type { LivePriceStore } from '../../../lib/live-prices'
import { AlertsSection } from './alerts-section'
import { flattenOrders, useCancelOrder, useOrders, type OrderList } from '../api/orders'
import { CancelOrderDialog, ModifyOrderDialog } from './dialogs/lazy'
import { HistoryOrderRow, PendingOrderRow } from './order-rows'
import { PaneLoadError, PaneLoading, PaneNote } from './pane-note'

// The left rail's Active Orders panel (docs/product/orders-and-alerts.md#pending-orders; the orders are decision
// 0034's): the pending orders, each with its live distance to the market, Modify and Cancel, and the orders that
// ended. More pages load as the list scrolls. Under them, the customer's price alerts. Offline (decision 0021) Modify
// and Cancel are shut and say why, as Close is on a position.

export const NO_ORDER_HISTORY = 'No order history'

type OrdersTab = 'pending' | 'history'

export interface OrdersPanelProps {
  store: LivePriceStore
  /** The listed assets: the symbol a customer reads, and the contract size a volume in lots is sent in. */
  assets: readonly Asset[] | undefined
  /** Set while offline: the id of the element saying why orders are shut. */
  closedBy?: string
}

const EMPTY: readonly Order[] = []

function useOrderList(list: OrderList, enabled: boolean, assets: readonly Asset[] | undefined) {
  const query = useOrders(list, enabled)
  const orders = useMemo(() => {
    const flat = withSymbolDisplay(flattenOrders(query.data?.pages), assets)
    return flat.length > 0 ? flat : EMPTY
  }, [query.data, assets])
  return { query, orders, total: query.data?.pages[0]?.meta.total }
}

function OrderListBody(props: {
  list: ReturnType<typeof useOrderList>
  empty: string
  loadingLabel: string
  children: (order: Order) => ReactNode
}) {
  const { query, orders } = props.list
  if (query.status === 'pending') {
    return <PaneLoading label={props.loadingLabel} />
  }
  if (query.status === 'error' && orders.length === 0) {
    return <PaneLoadError message={query.error.message} onRetry={() => void query.refetch()} />
  }
  if (orders.length === 0) {
    return <PaneNote>{props.empty}</PaneNote>
  }
  return (
    <EntryList className={css({ px: '3' })}>
      {orders.map((order) => props.children(order))}
      {query.hasNextPage ? (
        <LoadMoreSentinel
          label="Loading more orders"
          busy={query.isFetchingNextPage}
          onVisible={() => {
            if (!query.isFetchingNextPage) void query.fetchNextPage()
          }}
        />
      ) : null}
    </EntryList>
  )
}

const contractSizeOf = (order: Order, assets: readonly Asset[] | undefined) =>
  assets?.find((asset) => asset.asset_id === order.asset_id)?.contract_size ??
  Math.round((order.volume / order.qty) * 1e6) / 1e6

export function OrdersPanel(props: OrdersPanelProps) {
  const [tab, setTab] = useState<OrdersTab>('pending')
  const pending = useOrderList('pending', true, props.assets)
  // The history loads when it is first shown.
  const [historyShown, setHistoryShown] = useState(false)
  const history = useOrderList('history', historyShown, props.assets)
  const [modifying, setModifying] = useState<Order | null>(null)
  const [cancelling, setCancelling] = useState<Order | null>(null)
  const cancelOrder = useCancelOrder()
  const closed = props.closedBy !== undefined

  // Stable, so the memoised rows do not re-render when the panel does.
  const modify = useCallback((order: Order) => setModifying(order), [])
  const askToCancel = useCallback((order: Order) => setCancelling(order), [])

  const confirmCancel = () => {
    if (!cancelling || cancelOrder.isPending) return
    cancelOrder.mutate(cancelling.id, {
      onSuccess: () => {
        toast.success(ORDER_MESSAGES.CANCELLED, { duration: TRADE_TOAST_MS.SUCCESS })
        setCancelling(null)
      },
      onError: (error) => {
        const serverMessage = error instanceof HttpError && error.status > 0 ? error.message : null
        toast.error(ORDER_FAILURES.CANCEL, {
          description: serverMessage ?? TRADE_MESSAGES.CLOSE_FAILED_DESCRIPTION,
          duration: TRADE_TOAST_MS.ERROR,
        })
      },
    })
  }

  return (
    <>
      <Tabs.Root
        value={tab}
        onValueChange={(details) => {
          const next = details.value as OrdersTab
          setTab(next)
          if (next === 'history') setHistoryShown(true)
        }}
        variant="line"
      >
        <Tabs.List className={css({ px: '1' })}>
          <Tabs.Trigger value="pending">
            Pending{pending.total === undefined ? '' : ` (${pending.total})`}
          </Tabs.Trigger>
          <Tabs.Trigger value="history">History</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="pending">
          <OrderListBody
            list={pending}
            empty={TRADE_MESSAGES.NO_PENDING_ORDERS}
            loadingLabel="Loading orders"
          >
            {(order) => (
              <PendingOrderRow
                key={order.id}
                order={order}
                store={props.store}
                onModify={modify}
                onCancel={askToCancel}
                closedBy={props.closedBy}
              />
            )}
          </OrderListBody>
        </Tabs.Content>
        <Tabs.Content value="history">
          <OrderListBody list={history} empty={NO_ORDER_HISTORY} loadingLabel="Loading order history">
            {(order) => <HistoryOrderRow key={order.id} order={order} />}
          </OrderListBody>
        </Tabs.Content>
      </Tabs.Root>
      {/* The customer's price alerts (decision 0037) sit under the orders, with their own Delete. */}
      <AlertsSection assets={props.assets} closedBy={props.closedBy} />
      {/* Offline, nothing could be sent: the dialogs shut with the buttons that open them. */}
      <ModifyOrderDialog
        open={modifying !== null && !closed}
        onOpenChange={(open) => {
          if (!open) setModifying(null)
        }}
        order={modifying}
        contractSize={modifying ? contractSizeOf(modifying, props.assets) : 1}
      />
      <CancelOrderDialog
        open={cancelling !== null && !closed}
        onOpenChange={(open) => {
          if (!open) setCancelling(null)
        }}
        order={cancelling}
        busy={cancelOrder.isPending}
        onConfirm={confirmCancel}
      />
    </>
  )
}
