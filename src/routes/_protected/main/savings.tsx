import { useQueryClient } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { SavingsPage, getFundsSummaryQueryOptions, getSavingsQueryOptions } from '../../../features/funds'
import { useDisplayCurrency } from '../../../features/marketplace'
import { loadCurrentUser } from '../../../features/session'
import { PageHeader } from '../../../features/shell'
import { loadPageData } from '../../-page-data'

/** /main/savings (decision 0019): flexible savings, their interest and the moves in and out. */
export const Route = createFileRoute('/_protected/main/savings')({
  loader: ({ context }) =>
    loadPageData(context.queryClient, [getSavingsQueryOptions(), getFundsSummaryQueryOptions()]),
  component: Savings,
})

function Savings() {
  const queryClient = useQueryClient()
  const { currency } = useDisplayCurrency()
  return (
    <div>
      <PageHeader
        title="Savings"
        trail={[{ label: 'Funds', to: '/main/dashboard' }, { label: 'Savings' }]}
        description="Set money aside from trading. It earns interest every day and comes back at once when you need it."
      />
      <SavingsPage
        currency={currency}
        onBalanceChanged={() => loadCurrentUser(queryClient, { fresh: true })}
      />
    </div>
  )
}
