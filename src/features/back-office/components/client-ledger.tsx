import { css } from 'styled-system/css'
import { Text } from '../../../components/ui/text'
import type { LedgerEntry } from '../../../domain/contract/back-office'
import { formatDateTime, ledgerEntryLabel } from '../../../domain/back-office/labels'
import { tradeReference } from '../../../domain/trading/trade-reference'
import { formatAmount, formatSignedAmount } from '../../../domain/format/currency'
import { signTone } from '../../../domain/format/numbers'

// The client's latest balance movements, newest first: what moved, by how much (signed), the balance it left and
// why. The ledger is the record an adjustment or a closed trade writes.

const list = css({ display: 'grid' })
const row = css({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  columnGap: '3',
  rowGap: '0.5',
  py: '2.5',
  borderBottomWidth: '1px',
  borderColor: 'border.muted',
  _last: { borderBottomWidth: '0' },
})

export function ClientLedger(props: { entries: readonly LedgerEntry[] }) {
  if (props.entries.length === 0) {
    return (
      <Text size="sm" tone="muted">
        No balance movements yet.
      </Text>
    )
  }
  return (
    <ul className={list}>
      {props.entries.map((entry) => {
        const amount = formatSignedAmount(entry.amount)
        return (
          <li key={entry.id} className={row} data-testid="client-ledger-entry">
            <span className={css({ fontSize: 'sm', fontWeight: 'medium' })}>{ledgerEntryLabel(entry)}</span>
            <Text
              as="span"
              numeric
              tone={signTone(amount)}
              className={css({ textAlign: 'end', fontSize: 'sm' })}
            >
              {amount}
            </Text>
            <Text as="span" size="xs" tone="muted" className={css({ overflowWrap: 'anywhere' })}>
              {formatDateTime(entry.created_at)}
              {/* Which position a P/L row settled, numbered as the client's positions are. */}
              {entry.trade_id !== null ? ` · ${tradeReference(entry.trade_id)}` : ''}
              {entry.reason ? ` · ${entry.reason}` : ''}
            </Text>
            <Text as="span" size="xs" tone="muted" numeric className={css({ textAlign: 'end' })}>
              Balance {formatAmount(entry.balance_after)}
            </Text>
          </li>
        )
      })}
    </ul>
  )
}
