import { X } from 'lucide-react'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { Button } from '../../../components/ui/button'
import { ListPager } from '../../../components/ui/list-pager'
import {
  actionsCell,
  amountCell,
  cell,
  ListLoadError,
  ListLoading,
  ListTable,
  mutedText,
  nowrapCell,
  referenceText,
  row,
} from '../../../components/ui/list-table'
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
// page at a time: reference, symbol, 'Buy limit', lots, price, take-profit, stop-loss, expiry, and when it was placed
// or ended. A pending order has 'Cancel', which asks for a reason (kept in the audit log and told to the customer);
// an ended one says how it ended. Both refetch when private-admin says this client changed (a fill, an expiry).

const LISTS = {
  pending: {
    title: 'Pending orders',
    empty: 'No pending orders',
    caption: "The client's pending orders",
    loading: 'Loading the pending orders...',
    failed: 'The pending orders could not be loaded.',
    pages: 'Pending order pages',
  },
  history: {
    title: 'Order history',
    empty: 'No order history',
    caption: "The client's filled, cancelled and expired orders",
    loading: 'Loading the order history...',
    failed: 'The order history could not be loaded.',
    pages: 'Order history pages',
  },
} as const

const COMMON_COLUMNS = [
  'Order',
  'Symbol',
  'Type',
  { label: 'Lots', align: 'end' },
  { label: 'Price', align: 'end' },
  { label: 'TP', align: 'end' },
  { label: 'SL', align: 'end' },
  'Expiry',
] as const

const stacked = css({ display: 'grid', gap: '0.5', justifyItems: { base: 'end', md: 'start' } })

function OrderCells(props: { order: Order; referenceId: string }) {
  const { order } = props
  return (
    <>
      <td className={cell} data-label="Order">
        <span id={props.referenceId} className={referenceText}>
          {order.order_id}
        </span>
      </td>
      <td className={cell} data-label="Symbol">
        <span className={css({ fontWeight: 'semibold' })}>{order.asset_symbol}</span>
      </td>
      <td className={nowrapCell} data-label="Type">
        <Text as="span" size="sm" tone={order.trade_type === 'buy' ? 'gain' : 'loss'}>
          {orderKindLabel(order)}
        </Text>
      </td>
      <td className={amountCell} data-label="Lots">
        {formatPrice(order.qty, 2)}
      </td>
      <td className={amountCell} data-label="Price">
        {formatPrice(order.price)}
      </td>
      <td className={amountCell} data-label="TP">
        {orderLevelLabel(order.take_profit)}
      </td>
      <td className={amountCell} data-label="SL">
        {orderLevelLabel(order.stop_loss)}
      </td>
      <td className={nowrapCell} data-label="Expiry">
        {orderExpiryLabel(order.expires_at)}
      </td>
    </>
  )
}

export interface ClientOrdersTableProps {
  list: ClientOrderList
  orders: readonly Order[]
  /** Pending only: opens the cancel dialog for this order. */
  onCancel?: (order: Order) => void
  stale?: boolean
}

/** The rows of one list; the empty list says so in words. */
export function ClientOrdersTable(props: ClientOrdersTableProps) {
  const { list, orders, onCancel } = props
  const words = LISTS[list]
  if (orders.length === 0) {
    return (
      <Text size="sm" tone="muted">
        {words.empty}
      </Text>
    )
  }
  const pending = list === 'pending'
  return (
    <ListTable
      data-testid={`client-orders-${list}`}
      caption={words.caption}
      // Every pending order is pending: the status earns its column in the history.
      columns={pending ? [...COMMON_COLUMNS, 'Placed'] : [...COMMON_COLUMNS, 'Status', 'Closed']}
      actionsColumn={pending ? 'Actions' : undefined}
      stale={props.stale}
    >
      {orders.map((order) => {
        const referenceId = `client-order-${order.id}`
        const outcome = orderOutcome(order)
        return (
          <tr key={order.id} className={row} data-testid="client-order" data-status={order.status}>
            <OrderCells order={order} referenceId={referenceId} />
            {pending ? (
              <>
                <td className={nowrapCell} data-label="Placed">
                  {formatDateTime(order.created_at)}
                </td>
                <td className={actionsCell}>
                  <Button
                    size="sm"
                    variant="outline"
                    aria-describedby={referenceId}
                    className={css({ flex: { base: '1', md: 'none' } })}
                    onClick={() => onCancel?.(order)}
                  >
                    <X size={16} aria-hidden="true" />
                    Cancel
                  </Button>
                </td>
              </>
            ) : (
              <>
                <td className={cell} data-label="Status">
                  <span className={stacked}>
                    <StatusChip tone={ORDER_STATUS_TONES[order.status]} status={order.status}>
                      {ORDER_STATUS_LABELS[order.status]}
                    </StatusChip>
                    {outcome ? <span className={mutedText}>{outcome}</span> : null}
                  </span>
                </td>
                <td className={nowrapCell} data-label="Closed">
                  <span className={stacked}>
                    {order.closed_at ? formatDateTime(order.closed_at) : null}
                    <span className={mutedText}>Placed {formatDateTime(order.created_at)}</span>
                  </span>
                </td>
              </>
            )}
          </tr>
        )
      })}
    </ListTable>
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
    <ClientSection
      title={words.title}
      testId={`client-${list}-orders`}
      aside={
        orders.data ? (
          <Text as="span" size="sm" tone="muted">
            {orders.data.meta.total}
          </Text>
        ) : null
      }
    >
      {orders.isPending ? (
        <ListLoading>{words.loading}</ListLoading>
      ) : orders.isError ? (
        <ListLoadError title={words.failed} query={orders} />
      ) : (
        <>
          <ClientOrdersTable
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
