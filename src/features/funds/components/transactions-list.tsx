import { ReceiptText } from 'lucide-react'
import { useEffect } from 'react'
import type { TransactionsQuery } from '../../../domain/contract/transactions'
import type { DisplayCurrency } from '../../../domain/format/currency'
import { formatMoneyTime, TRANSACTION_TYPE_LABELS } from '../../../domain/funds/transaction-labels'
import { useTransactions } from '../api/get-transactions'
import { AskAboutLink } from './ask-about-link'
import { TransactionStatusChip } from './status-chip'
import {
  actionsCell,
  amountCell,
  cell,
  ListEmpty,
  ListLoadError,
  ListLoading,
  ListTable,
  nowrapCell,
  referenceText,
  row,
} from '../../../components/ui/list-table'
import { ListPager } from '../../../components/ui/list-pager'
import { isVoidStatus, SignedMoney } from './money-cells'

// The customer's money movements (decision 0019): deposits, withdrawals, savings moves and interest, adjustments and
// purchases, newest first, a page at a time, each with its status and "Ask about this". Live: funds.updated marks
// the list stale and it refetches.

export interface TransactionsListProps {
  query: TransactionsQuery
  currency: DisplayCurrency
  onPageChange: (page: number) => void
  /** Any filter applied: the empty state says so. */
  filtered: boolean
}

const COLUMNS = [
  { label: 'Date' },
  { label: 'Type' },
  { label: 'Details' },
  { label: 'Reference' },
  { label: 'Status' },
  { label: 'Amount', align: 'end' as const },
]

export function TransactionsList(props: TransactionsListProps) {
  const { query, onPageChange } = props
  const transactions = useTransactions(query)
  const page = query.page ?? 1

  // A new transaction pushed the last page's rows on, or a filter narrowed the list: go to a page that has rows.
  const lastPage = transactions.data?.meta.last_page
  useEffect(() => {
    if (lastPage !== undefined && lastPage >= 1 && page > lastPage) onPageChange(lastPage)
  }, [onPageChange, lastPage, page])

  if (transactions.isPending) return <ListLoading>Loading your transactions...</ListLoading>
  if (transactions.isError)
    return <ListLoadError title="Your transactions could not be loaded." query={transactions} />
  const { data, meta } = transactions.data
  if (data.length === 0)
    return (
      <ListEmpty
        icon={ReceiptText}
        title={props.filtered ? 'No transactions match these filters' : 'No transactions yet'}
        description="Deposits, withdrawals, savings moves and interest appear here as they happen."
      />
    )
  return (
    <div>
      <ListTable
        data-testid="transactions-table"
        caption="Your transactions, newest first"
        columns={COLUMNS}
        actionsColumn="Support"
        stale={transactions.isPlaceholderData}
      >
        {data.map((transaction) => (
          <tr
            key={transaction.id}
            className={row}
            data-testid="transaction-row"
            data-type={transaction.type}
            data-reference={transaction.reference}
          >
            <td className={nowrapCell} data-label="Date">
              <time dateTime={transaction.created_at}>{formatMoneyTime(transaction.created_at)}</time>
            </td>
            <td className={nowrapCell} data-label="Type">
              {TRANSACTION_TYPE_LABELS[transaction.type]}
            </td>
            <td className={cell} data-label="Details">
              {transaction.description}
            </td>
            <td className={cell} data-label="Reference">
              <span className={referenceText}>{transaction.reference}</span>
            </td>
            <td className={cell} data-label="Status">
              <TransactionStatusChip status={transaction.status} />
            </td>
            <td className={amountCell} data-label="Amount">
              <SignedMoney
                amountUsd={transaction.amount}
                currency={props.currency}
                voided={isVoidStatus(transaction.status)}
              />
            </td>
            <td className={actionsCell}>
              <AskAboutLink reference={transaction.reference} />
            </td>
          </tr>
        ))}
      </ListTable>
      <ListPager meta={meta} onPageChange={onPageChange} label="Transaction pages" />
    </div>
  )
}
