import { createFileRoute } from '@tanstack/react-router'
import { PlannedPage } from '../../../features/shell'

export const Route = createFileRoute('/_protected/main/verification')({
  component: () => (
    <PlannedPage
      title="Verification"
      trail={[{ label: 'Account', to: '/main/dashboard' }, { label: 'Verification' }]}
      summary="Upload your identity and address documents to verify your account here."
    />
  ),
})
