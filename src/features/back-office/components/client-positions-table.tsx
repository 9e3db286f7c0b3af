import { Box } from 'styled-system/jsx'
import { amountCell, cell, ListTable, row } from '../../../components/ui/list-table'
import { LiveText } from '../../../components/ui/live-text'
import { Text } from '../../../components/ui/text'
import type { Trade } from '../../../domain/contract/trades'
import { formatSignedAmount } from '../../../domain/format/currency'
import { formatPrice, signTone } from '../../../domain/format/numbers'
import type { LivePriceStore } from '../../../lib/live-prices'
import { useLivePosition } from '../../../lib/live-account'

// A client's open positions with their P/L at this tab's live prices: each row re-renders when its own asset
// ticks. The P/L carries its sign ('+$12.34', '-$5.00') as well as its colour. A ListTable flush in its card: on
// phones each position is a card of its own. Reusable wherever a client's positions are shown.

const SIDE_LABELS = { buy: 'Buy', sell: 'Sell' } as const

function PositionRow(props: { trade: Trade; store: LivePriceStore }) {
  const { trade } = props
  const live = useLivePosition(props.store, trade)
  const pnlText = formatSignedAmount(live.pnlUsd)
  return (
    <tr data-testid="client-position" className={row}>
      <td className={cell} data-label="Symbol">
        <div>
          <Box fontWeight="semibold">{trade.asset_symbol}</Box>
          <Text size="xs" tone="muted">
            {trade.trade_id}
          </Text>
        </div>
      </td>
      <td className={cell} data-label="Side">
        <Text as="span" size="sm" tone={trade.trade_type === 'buy' ? 'gain' : 'loss'} weight="semibold">
          {SIDE_LABELS[trade.trade_type]}
        </Text>
      </td>
      <td className={amountCell} data-label="Lots">
        {formatPrice(trade.qty, 2)}
      </td>
      <td className={amountCell} data-label="Open price">
        {formatPrice(trade.opening_price)}
      </td>
      <td className={amountCell} data-label="Current price">
        <LiveText text={formatPrice(live.closingPriceQuote)} align="end" />
      </td>
      <td className={amountCell} data-label="P/L">
        <LiveText text={pnlText} align="end" tone={signTone(pnlText)} data-testid="client-position-pnl" />
      </td>
    </tr>
  )
}

export function ClientPositionsTable(props: { positions: readonly Trade[]; store: LivePriceStore }) {
  if (props.positions.length === 0) {
    return (
      <Text size="sm" tone="muted">
        No open positions.
      </Text>
    )
  }
  return (
    <ListTable
      data-testid="client-positions"
      caption="Open positions"
      columns={[
        'Symbol',
        'Side',
        { label: 'Lots', align: 'end' },
        { label: 'Open price', align: 'end' },
        { label: 'Current price', align: 'end' },
        { label: 'P/L', align: 'end' },
      ]}
      flush
    >
      {props.positions.map((trade) => (
        <PositionRow key={trade.id} trade={trade} store={props.store} />
      ))}
    </ListTable>
  )
}
