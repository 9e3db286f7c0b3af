import { createFileRoute } from '@tanstack/react-router'
import { PlannedPage } from '../../../features/shell'

export const Route = createFileRoute('/_protected/main/settings')({
  component: () => (
    <PlannedPage
      title="Settings"
      trail={[{ label: 'Account', to: '/main/dashboard' }, { label: 'Settings' }]}
      summary="Display currency, notifications and security settings will be managed here."
    />
  ),
})
