import { X } from 'lucide-react'
import { useState } from 'react'
import { Button } from '../../../components/ui/button'
import { EntryEnd, EntryList, EntryRow, EntryWide } from '../../../components/ui/entry-list'
import { ListPager } from '../../../components/ui/list-pager'
import { ListLoadError, ListLoading, referenceText } from '../../../components/ui/list-table'
import { StatusChip } from '../../../components/ui/status-chip'
import { Text } from '../../../components/ui/text'
import { toast } from '../../../components/ui/toast'
import { formatDateTime } from '../../../domain/back-office/labels'
import {
  ORDER_STATUS_LABELS,
  ORDER_STATUS_TONES,
  orderExpiryLabel,
  orderKindLabel,
  orderLevelLabel,
  orderOutcome,
} from '../../../domain/back-office/order-labels'
import type { Order } from '../../../domain/contract/orders'
import { formatPrice } from '../../../domain/format/numbers'
import { useCancelClientOrder, useClientOrders, type ClientOrderList } from '../api/client-orders'
import { ClientSection } from './client-section'
import { ReasonDialog } from './reason-dialog'

// A client's pending orders and order history on the client page (decision 0017), the customer's own lists a server
// page at a time. Each order is an entry of an EntryList, as the deposits and the ledger on the same page: symbol and
// 'Buy limit', lots and price; its reference and when it was placed or ended; take-profit, stop-loss and expiry. A
// table of ten columns would not fit the page's main column on a desktop without hiding 'Cancel' behind a scroll. A
// pending order has 'Cancel', which asks for a reason (kept in the audit log and told to the customer); an ended one
// says how it ended. Both refetch when private-admin says this client changed (a fill, an expiry).

const LISTS = {
  pending: {
    title: 'Pending orders',
    empty: 'No pending orders',
    label: "The client's pending orders",
    loading: 'Loading the pending orders...',
    failed: 'The pending orders could not be loaded.',
    pages: 'Pending order pages',
  },
  history: {
    title: 'Order history',
    empty: 'No order history',
    label: "The client's filled, cancelled and expired orders",
    loading: 'Loading the order history...',
    failed: 'The order history could not be loaded.',
    pages: 'Order history pages',
  },
} as const

function OrderEntry(props: { order: Order; onCancel?: (order: Order) => void }) {
  const { order } = props
  const pending = order.status === 'pending'
  const nameId = `client-order-${order.id}`
  const outcome = orderOutcome(order)
  // How it ended (history only), when it ended, when it was placed.
  const said = [
    outcome,
    order.closed_at ? `Closed ${formatDateTime(order.closed_at)}` : null,
    `Placed ${formatDateTime(order.created_at)}`,
  ].filter(Boolean)
  return (
    <EntryRow data-testid="client-order" data-status={order.status}>
      <Text as="span" size="sm" id={nameId}>
        <strong>{order.asset_symbol}</strong>{' '}
        <Text as="span" size="sm" tone={order.trade_type === 'buy' ? 'gain' : 'loss'}>
          {orderKindLabel(order)}
        </Text>{' '}
        <span className={referenceText}>{order.order_id}</span>
      </Text>
      <EntryEnd>
        <Text as="span" size="sm" numeric>
          {formatPrice(order.qty, 2)} lots at {formatPrice(order.price)}
        </Text>
      </EntryEnd>
      <Text as="span" size="xs" tone="muted">
        TP {orderLevelLabel(order.take_profit)} · SL {orderLevelLabel(order.stop_loss)} ·{' '}
        {orderExpiryLabel(order.expires_at)}
      </Text>
      <EntryEnd>
        {pending ? (
          <Button
            size="sm"
            variant="outline"
            aria-describedby={nameId}
            onClick={() => props.onCancel?.(order)}
          >
            <X size={16} aria-hidden="true" />
            Cancel
          </Button>
        ) : (
          <StatusChip tone={ORDER_STATUS_TONES[order.status]} status={order.status}>
            {ORDER_STATUS_LABELS[order.status]}
          </StatusChip>
        )}
      </EntryEnd>
      <EntryWide>
        <Text as="span" size="xs" tone="muted">
          {said.join(' · ')}
        </Text>
      </EntryWide>
    </EntryRow>
  )
}

export interface ClientOrdersListProps {
  list: ClientOrderList
  orders: readonly Order[]
  /** Pending only: opens the cancel dialog for this order. */
  onCancel?: (order: Order) => void
  /** A newer page is loading over this one. */
  stale?: boolean
}

/** One list's entries; the empty list says so in words. */
export function ClientOrdersList(props: ClientOrdersListProps) {
  const words = LISTS[props.list]
  if (props.orders.length === 0) {
    return (
      <Text size="sm" tone="muted">
        {words.empty}
      </Text>
    )
  }
  return (
    <EntryList
      aria-label={words.label}
      aria-busy={props.stale || undefined}
      data-testid={`client-orders-${props.list}`}
      style={props.stale ? { opacity: 0.6 } : undefined}
    >
      {props.orders.map((order) => (
        <OrderEntry key={order.id} order={order} onCancel={props.onCancel} />
      ))}
    </EntryList>
  )
}

function CancelOrderDialog(props: {
  order: Order | null
  onOpenChange: (open: boolean) => void
  onCancel: (reason: string) => Promise<unknown>
}) {
  const { order } = props
  const what = order
    ? `${orderKindLabel(order)} ${order.asset_symbol}, ${formatPrice(order.qty, 2)} lots at ${formatPrice(order.price)}`
    : ''
  return (
    <ReasonDialog
      open={order !== null}
      onOpenChange={props.onOpenChange}
      title={order ? `Cancel order ${order.order_id}?` : 'Cancel order?'}
      intro={`${what}. The order is cancelled at once and the client is notified with the reason you give.`}
      helperText="Kept in the audit log."
      submitLabel="Cancel order"
      loadingText="Cancelling..."
      onConfirm={props.onCancel}
    />
  )
}

/** One list of the client's orders as a section of the client page, with its count, pager and cancel dialog. */
export function ClientOrdersSection(props: { userId: number; list: ClientOrderList }) {
  const { userId, list } = props
  const words = LISTS[list]
  const [page, setPage] = useState(1)
  const orders = useClientOrders(userId, list, page)
  const cancel = useCancelClientOrder()
  const [cancelling, setCancelling] = useState<Order | null>(null)

  // A cancel or a fill emptied the last page: go to the one that still has rows (set while rendering, as React
  // advises for state that follows a prop or a query, rather than in an effect one render late).
  const lastPage = orders.data?.meta.last_page
  if (lastPage !== undefined && page > lastPage) setPage(lastPage)

  return (
    <ClientSection title={words.title} testId={`client-${list}-orders`} count={orders.data?.meta.total}>
      {orders.isPending ? (
        <ListLoading>{words.loading}</ListLoading>
      ) : orders.isError ? (
        <ListLoadError title={words.failed} query={orders} />
      ) : (
        <>
          <ClientOrdersList
            list={list}
            orders={orders.data.data}
            stale={orders.isPlaceholderData}
            onCancel={setCancelling}
          />
          {orders.data.meta.last_page > 1 ? (
            <ListPager meta={orders.data.meta} onPageChange={setPage} label={words.pages} />
          ) : null}
        </>
      )}
      {list === 'pending' ? (
        <CancelOrderDialog
          order={cancelling}
          onOpenChange={(open) => {
            if (!open) setCancelling(null)
          }}
          onCancel={async (reason) => {
            if (!cancelling) return
            const result = await cancel.mutateAsync({ userId, orderId: cancelling.id, reason })
            toast.success(result.message, {
              description: `${result.data.order_id} · ${result.data.asset_symbol}`,
            })
          }}
        />
      ) : null}
    </ClientSection>
  )
}
