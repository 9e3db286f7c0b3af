import { Pencil, X } from 'lucide-react'
import { memo, useId } from 'react'
import { Flex } from 'styled-system/jsx'
import { Text } from '../../../components/ui/text'
import { Button } from '../../../components/ui/button'
import { EntryEnd, EntryRow, EntryTitle, EntryWide } from '../../../components/ui/entry-list'
import { FigureGrid } from '../../../components/ui/figure-grid'
import { LiveText } from '../../../components/ui/live-text'
import { StatusChip } from '../../../components/ui/status-chip'
import type { StatusTone } from '../../../domain/display/status-tone'
import type { Order } from '../../../domain/contract/orders'
import { formatPrice } from '../../../domain/format/numbers'
import { lotsText } from '../../../domain/trading/market-order'
import {
  distanceToMarket,
  formatDistance,
  formatExpiry,
  formatOrderTime,
  orderEndText,
  orderKindLabel,
} from '../../../domain/trading/pending-orders'
import { tradeReference } from '../../../domain/trading/trade-reference'
import { useLiveAsset, type LivePriceStore } from '../../../lib/live-prices'
import { offlineShut } from './offline-shut'

// The rows of the Active Orders panel: a pending order with its live distance to the market, Modify and Cancel; an
// order that ended, with how it ended. A tick re-renders only the distance of the orders on that asset.

const level = (value: number) => (value > 0 ? formatPrice(value) : '—')

function OrderHeading(props: { order: Order; id?: string }) {
  const { order } = props
  return (
    <div id={props.id}>
      <EntryTitle>{order.asset_symbol}</EntryTitle>
      <Text as="div" tone="muted" size="xs">
        <Text as="span" weight="semibold" tone={order.trade_type === 'buy' ? 'gain' : 'loss'}>
          {orderKindLabel(order.trade_type, order.order_type)}
        </Text>{' '}
        · {order.order_id}
      </Text>
    </div>
  )
}

/** Subscribes to the order's asset alone: how far its price is from the price it triggers on, per tick. */
function LiveDistance(props: { store: LivePriceStore; order: Order }) {
  const live = useLiveAsset(props.store, props.order.asset_id)?.asset
  return (
    <LiveText
      text={live ? formatDistance(distanceToMarket(props.order, live)) : '—'}
      data-testid="order-distance"
    />
  )
}

export interface PendingOrderRowProps {
  order: Order
  store: LivePriceStore
  onModify: (order: Order) => void
  onCancel: (order: Order) => void
  /** Set while offline: the id of the element saying why Modify and Cancel are shut. */
  closedBy: string | undefined
}

/** Memoised: with stable callbacks it renders when its order changes, never per tick. */
export const PendingOrderRow = memo(function PendingOrderRow(props: PendingOrderRowProps) {
  const { order, closedBy } = props
  const headingId = useId()
  const closed = closedBy !== undefined
  const describedBy = closed ? `${headingId} ${closedBy}` : headingId
  return (
    <EntryRow data-testid={`order-row-${order.id}`}>
      <OrderHeading order={order} id={headingId} />
      <EntryEnd>
        <Text as="span" size="sm" numeric>
          {lotsText(order.qty)}
        </Text>
      </EntryEnd>
      <EntryWide>
        <FigureGrid
          figures={[
            {
              key: 'price',
              label: 'Price',
              value: <span data-testid="order-price">{formatPrice(order.price)}</span>,
            },
            {
              key: 'distance',
              label: order.trade_type === 'buy' ? 'From the ask' : 'From the bid',
              value: <LiveDistance store={props.store} order={order} />,
            },
            { key: 'tp', label: 'TP', value: level(order.take_profit) },
            { key: 'sl', label: 'SL', value: level(order.stop_loss) },
            ...(order.trailing_stop > 0
              ? [{ key: 'ts', label: 'Trailing', value: formatPrice(order.trailing_stop) }]
              : []),
            { key: 'expiry', label: 'Expiry', value: formatExpiry(order.expires_at) },
          ]}
        />
      </EntryWide>
      <EntryWide>
        <Flex justifyContent="flex-end" gap="2">
          <Button
            size="xs"
            variant="outline"
            onClick={() => props.onModify(order)}
            {...offlineShut(closedBy, describedBy)}
          >
            <Pencil aria-hidden /> Modify
          </Button>
          <Button
            size="xs"
            variant="outline"
            onClick={() => props.onCancel(order)}
            {...offlineShut(closedBy, describedBy)}
          >
            <X aria-hidden /> Cancel
          </Button>
        </Flex>
      </EntryWide>
    </EntryRow>
  )
})

function endTone(order: Order): StatusTone {
  if (order.status === 'filled') return 'success'
  if (order.reason === 'insufficient_margin' || order.reason === 'account_inactive') return 'warning'
  return 'neutral'
}

export function HistoryOrderRow({ order }: { order: Order }) {
  return (
    <EntryRow data-testid={`order-history-row-${order.id}`}>
      <OrderHeading order={order} />
      <EntryEnd>
        <Text as="span" size="sm" numeric>
          {lotsText(order.qty)}
        </Text>
      </EntryEnd>
      <EntryWide>
        <StatusChip tone={endTone(order)} status={order.status} data-testid="order-end">
          {orderEndText(order)}
        </StatusChip>
      </EntryWide>
      <EntryWide>
        <FigureGrid
          figures={[
            { key: 'price', label: 'Price', value: formatPrice(order.price) },
            ...(order.status === 'filled' && order.trade_id !== null
              ? [{ key: 'position', label: 'Position', value: tradeReference(order.trade_id) }]
              : []),
            ...(order.closed_at === null
              ? []
              : [{ key: 'closed', label: 'Closed', value: formatOrderTime(order.closed_at), wide: true }]),
          ]}
        />
      </EntryWide>
    </EntryRow>
  )
}
