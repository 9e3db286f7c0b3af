import { createFileRoute } from '@tanstack/react-router'
import { DepositHistory, getDepositsQueryOptions } from '../../../../features/funds'
import { loadPageData } from '../../../-page-data'

/** /main/deposit/history: every deposit with its status, live. */
export const Route = createFileRoute('/_protected/main/deposit/history')({
  loader: ({ context }) => loadPageData(context.queryClient, [getDepositsQueryOptions()]),
  component: DepositHistory,
})
