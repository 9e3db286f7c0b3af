import { createFileRoute } from '@tanstack/react-router'
import { useState } from 'react'
import { DEFAULT_SITE_NAME } from '../../../../domain/site/site-state'
import { StatementSearchSchema } from '../../../../domain/funds/transactions-search'
import { StatementView, getStatementQueryOptions } from '../../../../features/funds'
import { useSession } from '../../../../features/session'
import { PageHeader } from '../../../../features/shell'
import { useSettings } from '../../../../features/site'
import { loadPageData } from '../../../-page-data'

/** /main/transactions/statement?from=&to= (decision 0019): the printable statement, with the broker's name. */
export const Route = createFileRoute('/_protected/main/transactions/statement')({
  validateSearch: StatementSearchSchema,
  loaderDeps: ({ search }) => ({ from: search.from, to: search.to }),
  loader: ({ context, deps }) => loadPageData(context.queryClient, [getStatementQueryOptions(deps)]),
  component: Statement,
})

function Statement() {
  const { from, to } = Route.useSearch()
  const settings = useSettings()
  const user = useSession((state) => state.user)
  // When the statement was made: fixed for the page's life, so a re-render does not change what was issued.
  const [now] = useState(() => new Date())
  if (!user) return null
  return (
    <div>
      <PageHeader
        title="Statement"
        trail={[
          { label: 'Funds', to: '/main/dashboard' },
          { label: 'Transactions', to: '/main/transactions' },
          { label: 'Statement' },
        ]}
      />
      <StatementView
        from={from}
        to={to}
        brokerName={settings.data?.name ?? DEFAULT_SITE_NAME}
        customer={{ name: user.name, accountId: user.account_id, email: user.email }}
        now={now}
      />
    </div>
  )
}
