import { createFileRoute } from '@tanstack/react-router'
import { PlannedPage } from '../../../features/shell'

export const Route = createFileRoute('/_protected/main/accounts')({
  component: () => (
    <PlannedPage
      title="Account details"
      trail={[{ label: 'Account', to: '/main/dashboard' }, { label: 'Account details' }]}
      summary="Your trading accounts, plan and leverage will be listed here."
    />
  ),
})
