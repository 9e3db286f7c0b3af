import { createFileRoute } from '@tanstack/react-router'
import { PlannedPage } from '../../../features/shell'

export const Route = createFileRoute('/_protected/main/personal')({
  component: () => (
    <PlannedPage
      title="Personal information"
      trail={[{ label: 'Account', to: '/main/dashboard' }, { label: 'Personal information' }]}
      summary="Your name, contact details and address will be shown and edited here."
    />
  ),
})
