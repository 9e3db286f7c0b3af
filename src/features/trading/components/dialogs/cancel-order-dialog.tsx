import { Button } from '../../../../components/ui/button'
import { DialogCancel, DialogFrame } from '../../../../components/ui/dialog-frame'
import type { Order } from '../../../../domain/contract/orders'
import { formatPrice } from '../../../../domain/format/numbers'
import { lotsText } from '../../../../domain/trading/market-order'
import { formatExpiry, orderKindLabel } from '../../../../domain/trading/pending-orders'
import { DetailList } from '../../../../components/ui/detail-list'

// Cancelling a pending order asks first (decision 0034): the order is gone once cancelled, and a new one would be
// checked against the market again.

export interface CancelOrderDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  order: Order | null
  /** The DELETE is in flight: Confirm shows 'Cancelling...' and cannot be pressed again. */
  busy: boolean
  onConfirm: () => void
}

export function CancelOrderDialog(props: CancelOrderDialogProps) {
  const { order } = props
  return (
    <DialogFrame
      open={props.open}
      onOpenChange={props.onOpenChange}
      title="Cancel order"
      description={order ? `${order.order_id} will no longer fill.` : undefined}
      size="sm"
      footer={
        <>
          <DialogCancel>Keep order</DialogCancel>
          {order ? (
            <Button
              variant="danger"
              loading={props.busy}
              loadingText="Cancelling..."
              onClick={props.onConfirm}
            >
              Confirm
            </Button>
          ) : null}
        </>
      }
    >
      {order ? (
        <DetailList
          rows={[
            { key: 'symbol', label: 'Symbol', value: order.asset_symbol },
            { key: 'kind', label: 'Order', value: orderKindLabel(order.trade_type, order.order_type) },
            { key: 'volume', label: 'Volume', value: lotsText(order.qty) },
            { key: 'price', label: 'Price', value: formatPrice(order.price) },
            { key: 'expiry', label: 'Expiry', value: formatExpiry(order.expires_at) },
          ]}
        />
      ) : null}
    </DialogFrame>
  )
}
