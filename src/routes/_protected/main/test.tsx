import { createFileRoute } from '@tanstack/react-router'
import { PlannedPage } from '../../../features/shell'

export const Route = createFileRoute('/_protected/main/test')({
  component: () => (
    <PlannedPage
      title="Test"
      trail={[{ label: 'Account', to: '/main/dashboard' }, { label: 'Test' }]}
      summary="A page for checking your connection and account setup."
    />
  ),
})
