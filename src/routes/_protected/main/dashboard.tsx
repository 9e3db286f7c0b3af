import { createFileRoute } from '@tanstack/react-router'
import { PlannedPage } from '../../../features/shell'

export const Route = createFileRoute('/_protected/main/dashboard')({
  component: () => (
    <PlannedPage
      title="Dashboard"
      trail={[{ label: 'Account', to: '/main/dashboard' }, { label: 'Dashboard' }]}
      summary="Your balance, open positions and account activity at a glance will appear here."
    />
  ),
})
