import { AlertBox } from '../../../components/ui/alert-box'
import { EntryEnd, EntryList, EntryRow, EntryTitle, EntryWide } from '../../../components/ui/entry-list'
import { Spinner } from '../../../components/ui/spinner'
import { StatusChip } from '../../../components/ui/status-chip'
import { Text } from '../../../components/ui/text'
import { formatDateTime } from '../../../domain/back-office/labels'
import type { Deposit } from '../../../domain/contract/deposits'
import { formatAmount } from '../../../domain/format/currency'
import { confirmationsText, depositDescription } from '../../../domain/funds/deposits'
import { STATUS_TONES, TRANSACTION_STATUS_LABELS } from '../../../domain/funds/transaction-labels'
import { errorMessage } from '../../../lib/error-message'
import { useClientDeposits } from '../api/get-client-deposits'

// The client's latest deposits, newest first: what, when, how much and its status in words. A transfer still on the
// sandbox chain shows its confirmations; a failed one says why, including one the chain set aside after failing
// again and again (decision 0033), so support can answer the customer and act on it.

export function ClientDepositList(props: { deposits: readonly Deposit[] }) {
  if (props.deposits.length === 0) {
    return (
      <Text size="sm" tone="muted">
        No deposits yet.
      </Text>
    )
  }
  return (
    <EntryList aria-label="Deposits">
      {props.deposits.map((deposit) => (
        <EntryRow key={deposit.id} data-testid="client-deposit" data-status={deposit.status}>
          <EntryTitle>{depositDescription(deposit)}</EntryTitle>
          <EntryEnd>
            <Text as="span" size="sm" numeric>
              {formatAmount(deposit.amount)}
            </Text>
          </EntryEnd>
          <Text as="span" size="xs" tone="muted">
            {formatDateTime(deposit.created_at)}
            {deposit.crypto && deposit.status === 'pending'
              ? ` · ${confirmationsText(deposit.crypto.confirmations, deposit.crypto.required_confirmations)} confirmations`
              : ''}
          </Text>
          <EntryEnd>
            <StatusChip tone={STATUS_TONES[deposit.status]} status={deposit.status}>
              {TRANSACTION_STATUS_LABELS[deposit.status]}
            </StatusChip>
          </EntryEnd>
          {deposit.failure_reason ? (
            <EntryWide>
              <Text as="p" size="xs" tone="danger">
                {deposit.failure_reason}
              </Text>
            </EntryWide>
          ) : null}
        </EntryRow>
      ))}
    </EntryList>
  )
}

export function ClientDeposits(props: { userId: number }) {
  const deposits = useClientDeposits(props.userId)
  if (deposits.isPending) return <Spinner label="Loading the deposits" />
  if (deposits.isError) return <AlertBox variant="destructive" title={errorMessage(deposits.error)} />
  return <ClientDepositList deposits={deposits.data} />
}
