import { grid } from 'styled-system/patterns'
import { AlertBox } from '../../../components/ui/alert-box'
import { Text } from '../../../components/ui/text'
import type { RefusedOrder } from '../../../domain/contract/clients'
import { formatDateTime } from '../../../domain/back-office/labels'
import { formatPrice } from '../../../domain/format/numbers'

// The last order the server refused this client, with the message they saw: what support is asked about first.

const SIDE_LABELS: Readonly<Record<string, string>> = { buy: 'Buy', sell: 'Sell' }

export function ClientRefusedOrder(props: { order: RefusedOrder | null }) {
  const { order } = props
  if (!order) {
    return (
      <Text size="sm" tone="muted">
        No refused orders.
      </Text>
    )
  }
  const what = [
    order.trade_type ? (SIDE_LABELS[order.trade_type] ?? order.trade_type) : null,
    order.lots !== null ? `${formatPrice(order.lots, 2)} lots` : null,
    order.asset_symbol,
  ]
    .filter(Boolean)
    .join(' ')
  return (
    <div className={grid({ gap: '2' })} data-testid="client-refused-order">
      <AlertBox variant="warning" role="note" title={order.message} />
      <Text size="xs" tone="muted">
        {what ? `${what} · ` : ''}
        {formatDateTime(order.at)}
      </Text>
    </div>
  )
}
