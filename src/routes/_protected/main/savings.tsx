import { createFileRoute } from '@tanstack/react-router'
import { PlannedPage } from '../../../features/shell'

export const Route = createFileRoute('/_protected/main/savings')({
  component: () => (
    <PlannedPage
      title="Savings"
      trail={[{ label: 'Funds', to: '/main/dashboard' }, { label: 'Savings' }]}
      summary="Savings plans and their returns will be shown here."
    />
  ),
})
