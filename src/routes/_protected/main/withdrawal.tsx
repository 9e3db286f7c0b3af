import { createFileRoute } from '@tanstack/react-router'
import { PlannedPage } from '../../../features/shell'

export const Route = createFileRoute('/_protected/main/withdrawal')({
  component: () => (
    <PlannedPage
      title="Withdrawal"
      trail={[{ label: 'Funds', to: '/main/dashboard' }, { label: 'Withdrawal' }]}
      summary="Request a withdrawal of funds from your trading account here."
    />
  ),
})
