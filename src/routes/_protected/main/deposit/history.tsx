import { createFileRoute } from '@tanstack/react-router'
import { DepositHistory } from '../../../../features/funds'

/** /main/deposit/history: every deposit with its status, live. */
export const Route = createFileRoute('/_protected/main/deposit/history')({
  component: DepositHistory,
})
