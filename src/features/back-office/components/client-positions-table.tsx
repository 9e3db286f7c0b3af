import { css } from 'styled-system/css'
import { LiveText } from '../../../components/ui/live-text'
import { Text } from '../../../components/ui/text'
import type { Trade } from '../../../domain/contract/trades'
import { formatSignedAmount } from '../../../domain/format/currency'
import { formatPrice, signTone } from '../../../domain/format/numbers'
import type { LivePriceStore } from '../../../lib/live-prices'
import { useLivePosition } from '../../../lib/live-account'

// A client's open positions with their P/L at this tab's live prices: each row re-renders when its own asset
// ticks. The P/L carries its sign ('+$12.34', '-$5.00') as well as its colour. On phones the prices fold away and
// symbol, side, lots and P/L stay. Reusable wherever a client's positions are shown.

const SIDE_LABELS = { buy: 'Buy', sell: 'Sell' } as const

const table = css({
  w: 'full',
  fontSize: 'sm',
  borderCollapse: 'collapse',
  '& th': {
    textAlign: 'start',
    fontWeight: 'medium',
    color: 'text.muted',
    fontSize: 'xs',
    py: '2',
    px: '2',
    borderBottomWidth: '1px',
    borderColor: 'border',
    whiteSpace: 'nowrap',
  },
  '& td': {
    py: '2.5',
    px: '2',
    borderBottomWidth: '1px',
    borderColor: 'border.muted',
    verticalAlign: 'middle',
  },
  '& tr:last-child td': { borderBottomWidth: '0' },
  '& th:first-child, & td:first-child': { ps: '0' },
  '& th:last-child, & td:last-child': { pe: '0' },
  '& [data-numeric]': { textAlign: 'end' },
})
const wide = css({ display: { base: 'none', md: 'table-cell' } })

function PositionRow(props: { trade: Trade; store: LivePriceStore }) {
  const { trade } = props
  const live = useLivePosition(props.store, trade)
  const pnlText = formatSignedAmount(live.pnlUsd)
  return (
    <tr data-testid="client-position">
      <td>
        <span className={css({ fontWeight: 'semibold', display: 'block' })}>{trade.asset_symbol}</span>
        <Text as="span" size="xs" tone="muted" className={css({ display: 'block' })}>
          {trade.trade_id}
        </Text>
      </td>
      <td>
        <Text
          as="span"
          size="sm"
          tone={trade.trade_type === 'buy' ? 'gain' : 'loss'}
          className={css({ fontWeight: 'semibold' })}
        >
          {SIDE_LABELS[trade.trade_type]}
        </Text>
      </td>
      <td data-numeric="">
        <Text as="span" numeric>
          {formatPrice(trade.qty, 2)}
        </Text>
      </td>
      <td data-numeric="" className={wide}>
        <Text as="span" numeric>
          {formatPrice(trade.opening_price)}
        </Text>
      </td>
      <td data-numeric="" className={wide}>
        <LiveText text={formatPrice(live.closingPriceQuote)} align="end" />
      </td>
      <td data-numeric="">
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
    <div className={css({ overflowX: 'auto' })}>
      <table className={table}>
        <thead>
          <tr>
            <th scope="col">Symbol</th>
            <th scope="col">Side</th>
            <th scope="col" data-numeric="">
              Lots
            </th>
            <th scope="col" data-numeric="" className={wide}>
              Open price
            </th>
            <th scope="col" data-numeric="" className={wide}>
              Current price
            </th>
            <th scope="col" data-numeric="">
              P/L
            </th>
          </tr>
        </thead>
        <tbody>
          {props.positions.map((trade) => (
            <PositionRow key={trade.id} trade={trade} store={props.store} />
          ))}
        </tbody>
      </table>
    </div>
  )
}
