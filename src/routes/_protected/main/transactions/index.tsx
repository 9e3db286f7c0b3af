import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { useCallback } from 'react'
import { css } from 'styled-system/css'
import {
  TRANSACTIONS_SEARCH_DEFAULTS,
  TransactionsSearchSchema,
  transactionsQuery,
} from '../../../../domain/funds/transactions-search'
import {
  StatementActions,
  TransactionsFilters,
  TransactionsList,
  getTransactionsQueryOptions,
} from '../../../../features/funds'
import { useDisplayCurrency } from '../../../../features/marketplace'
import { PageHeader } from '../../../../features/shell'
import { loadPageData } from '../../../-page-data'

/**
 * /main/transactions (decision 0019): every money movement with filters and page in the URL, so a filtered list can
 * be shared and reloaded; the statement as a CSV or a printable page for the same dates.
 */
export const Route = createFileRoute('/_protected/main/transactions/')({
  validateSearch: TransactionsSearchSchema,
  search: { middlewares: [stripSearchParams(TRANSACTIONS_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    loadPageData(context.queryClient, [getTransactionsQueryOptions(transactionsQuery(deps))]),
  component: Transactions,
})

function Transactions() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const { currency } = useDisplayCurrency()
  const onPageChange = useCallback(
    (page: number) => void navigate({ search: (previous) => ({ ...previous, page }) }),
    [navigate],
  )
  const filtered = Boolean(search.type || search.status || search.from || search.to)
  return (
    <div>
      <PageHeader
        title="Transactions"
        trail={[{ label: 'Funds', to: '/main/dashboard' }, { label: 'Transactions' }]}
        description="Deposits, withdrawals, savings moves and interest. Tap “Ask about this” on any of them to raise it with support."
      />
      <div className={css({ display: 'grid', gap: '4' })}>
        <div
          className={css({
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'flex-end',
            justifyContent: 'space-between',
            gap: '4',
          })}
        >
          <TransactionsFilters
            filters={search}
            // A new filter starts again at its first page.
            onChange={(next) => void navigate({ search: { ...next, page: 1 } })}
          />
          <StatementActions from={search.from} to={search.to} />
        </div>
        <TransactionsList
          query={transactionsQuery(search)}
          currency={currency}
          onPageChange={onPageChange}
          filtered={filtered}
        />
      </div>
    </div>
  )
}
