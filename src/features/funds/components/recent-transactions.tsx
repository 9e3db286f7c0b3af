import { Link } from '@tanstack/react-router'
import { ArrowRight, ReceiptText } from 'lucide-react'
import { css } from 'styled-system/css'
import { Box } from 'styled-system/jsx'
import { grid, hstack } from 'styled-system/patterns'
import { textLinkClass } from '../../../components/ui/quiet-link'
import { SectionCard } from '../../../components/ui/section-card'
import type { DisplayCurrency } from '../../../domain/format/currency'
import { formatMoneyTime, TRANSACTION_TYPE_LABELS } from '../../../domain/funds/transaction-labels'
import { useTransactions } from '../api/get-transactions'
import { TransactionStatusChip } from './status-chip'
import { ListLoadError, ListLoading } from '../../../components/ui/list-table'
import { isVoidStatus, SignedMoney } from './money-cells'
import { Text } from '../../../components/ui/text'

// The dashboard's glance at the money (decision 0019): the five newest movements with their status, and a way to all
// of them. The same rows as the transactions page's first page.

export const RECENT_TRANSACTIONS_COUNT = 5

export function RecentTransactions(props: { currency: DisplayCurrency }) {
  const transactions = useTransactions({})
  const rows = transactions.data?.data.slice(0, RECENT_TRANSACTIONS_COUNT) ?? []
  return (
    <SectionCard
      title="Recent transactions"
      headingId="recent-transactions-title"
      data-testid="recent-transactions"
      aside={
        <Link
          to="/main/transactions"
          className={css({
            display: 'inline-flex',
            alignItems: 'center',
            gap: '1',
            fontSize: 'sm',
            color: 'accent',
            whiteSpace: 'nowrap',
            _hover: { textDecoration: 'underline' },
          })}
        >
          All transactions
          <ArrowRight size={14} aria-hidden="true" />
        </Link>
      }
    >
      {transactions.isPending ? (
        <ListLoading>Loading your transactions...</ListLoading>
      ) : transactions.isError ? (
        <ListLoadError title="Your transactions could not be loaded." query={transactions} />
      ) : rows.length === 0 ? (
        <div className={hstack({ gap: '3', color: 'text.muted', py: '2' })}>
          <ReceiptText size={20} aria-hidden="true" />
          <Text size="sm">
            No transactions yet.{' '}
            <Link to="/main/deposit" className={textLinkClass}>
              Make a deposit
            </Link>
          </Text>
        </div>
      ) : (
        <ul className={grid()}>
          {rows.map((transaction) => (
            <li
              key={transaction.id}
              data-testid="recent-transaction"
              className={grid({
                gridTemplateColumns: 'minmax(0, 1fr) auto',
                alignItems: 'center',
                gap: '1 3',
                py: '2.5',
                borderBottomWidth: '1px',
                borderColor: 'border.muted',
                _last: { borderBottomWidth: '0', pb: '0' },
                _first: { pt: '0' },
              })}
            >
              <Box minW="0">
                <Text size="sm" weight="medium">
                  {TRANSACTION_TYPE_LABELS[transaction.type]}
                  {transaction.description !== TRANSACTION_TYPE_LABELS[transaction.type] ? (
                    <Box as="span" color="text.muted" fontWeight="normal">
                      {' '}
                      · {transaction.description}
                    </Box>
                  ) : null}
                </Text>
                <Text size="xs" tone="muted">
                  <time dateTime={transaction.created_at}>{formatMoneyTime(transaction.created_at)}</time>
                </Text>
              </Box>
              <div className={grid({ justifyItems: 'end', gap: '1' })}>
                <SignedMoney
                  amountUsd={transaction.amount}
                  currency={props.currency}
                  voided={isVoidStatus(transaction.status)}
                />
                <TransactionStatusChip status={transaction.status} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  )
}
