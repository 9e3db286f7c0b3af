import { css } from 'styled-system/css'
import { AlertBox } from '../../../components/ui/alert-box'
import { Spinner } from '../../../components/ui/spinner'
import { StatusChip } from '../../../components/ui/status-chip'
import { Text } from '../../../components/ui/text'
import { formatDateTime } from '../../../domain/back-office/labels'
import type { Deposit } from '../../../domain/contract/funds'
import { formatAmount } from '../../../domain/format/currency'
import { confirmationsText, depositDescription } from '../../../domain/funds/deposits'
import { STATUS_TONES, TRANSACTION_STATUS_LABELS } from '../../../domain/funds/transaction-labels'
import { errorMessage } from '../../../lib/error-message'
import { useClientDeposits } from '../api/get-client-deposits'

// The client's latest deposits, newest first: what, when, how much and its status in words. A transfer still on the
// sandbox chain shows its confirmations; a failed one says why, including one the chain set aside after failing
// again and again (decision 0033), so support can answer the customer and act on it.

const list = css({ display: 'grid' })
const row = css({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  columnGap: '3',
  rowGap: '1',
  py: '2.5',
  borderBottomWidth: '1px',
  borderColor: 'border.muted',
  _last: { borderBottomWidth: '0' },
})

export function ClientDepositList(props: { deposits: readonly Deposit[] }) {
  if (props.deposits.length === 0) {
    return (
      <Text size="sm" tone="muted">
        No deposits yet.
      </Text>
    )
  }
  return (
    <ul className={list} aria-label="Deposits">
      {props.deposits.map((deposit) => (
        <li key={deposit.id} className={row} data-testid="client-deposit" data-status={deposit.status}>
          <span className={css({ fontSize: 'sm', fontWeight: 'medium', overflowWrap: 'anywhere' })}>
            {depositDescription(deposit)}
          </span>
          <Text as="span" numeric className={css({ textAlign: 'end', fontSize: 'sm' })}>
            {formatAmount(deposit.amount)}
          </Text>
          <Text as="span" size="xs" tone="muted" className={css({ overflowWrap: 'anywhere' })}>
            {formatDateTime(deposit.created_at)}
            {deposit.crypto && deposit.status === 'pending'
              ? ` · ${confirmationsText(deposit.crypto.confirmations, deposit.crypto.required_confirmations)} confirmations`
              : ''}
          </Text>
          <StatusChip
            tone={STATUS_TONES[deposit.status]}
            status={deposit.status}
            className={css({ justifySelf: 'end' })}
          >
            {TRANSACTION_STATUS_LABELS[deposit.status]}
          </StatusChip>
          {deposit.failure_reason ? (
            <Text as="p" size="xs" className={css({ gridColumn: '1 / -1', color: 'danger' })}>
              {deposit.failure_reason}
            </Text>
          ) : null}
        </li>
      ))}
    </ul>
  )
}

export function ClientDeposits(props: { userId: number }) {
  const deposits = useClientDeposits(props.userId)
  if (deposits.isPending) return <Spinner label="Loading the deposits" />
  if (deposits.isError) return <AlertBox variant="destructive" title={errorMessage(deposits.error)} />
  return <ClientDepositList deposits={deposits.data} />
}
