import { EntryEnd, EntryList, EntryRow, EntryTitle } from '../../../components/ui/entry-list'
import { Text } from '../../../components/ui/text'
import type { LedgerEntry } from '../../../domain/contract/ledger'
import { formatDateTime, ledgerEntryLabel } from '../../../domain/back-office/labels'
import { tradeReference } from '../../../domain/trading/trade-reference'
import { formatAmount, formatSignedAmount } from '../../../domain/format/currency'
import { signTone } from '../../../domain/format/numbers'

// The client's latest balance movements, newest first: what moved, by how much (signed), the balance it left and
// why. The ledger is the record an adjustment or a closed trade writes.

export function ClientLedger(props: { entries: readonly LedgerEntry[] }) {
  if (props.entries.length === 0) {
    return (
      <Text size="sm" tone="muted">
        No balance movements yet.
      </Text>
    )
  }
  return (
    <EntryList>
      {props.entries.map((entry) => {
        const amount = formatSignedAmount(entry.amount)
        return (
          <EntryRow key={entry.id} data-testid="client-ledger-entry">
            <EntryTitle>{ledgerEntryLabel(entry)}</EntryTitle>
            <EntryEnd>
              <Text as="span" size="sm" numeric tone={signTone(amount)}>
                {amount}
              </Text>
            </EntryEnd>
            <Text as="span" size="xs" tone="muted">
              {formatDateTime(entry.created_at)}
              {/* Which position a P/L row settled, numbered as the client's positions are. */}
              {entry.trade_id !== null ? ` · ${tradeReference(entry.trade_id)}` : ''}
              {entry.reason ? ` · ${entry.reason}` : ''}
            </Text>
            <EntryEnd>
              <Text as="span" size="xs" tone="muted" numeric>
                Balance {formatAmount(entry.balance_after)}
              </Text>
            </EntryEnd>
          </EntryRow>
        )
      })}
    </EntryList>
  )
}
