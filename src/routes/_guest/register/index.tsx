import { createFileRoute } from '@tanstack/react-router'
import { PublicPlannedPage } from '../../../features/shell'

export const Route = createFileRoute('/_guest/register/')({
  component: () => (
    <PublicPlannedPage
      title="CREATE A NEW ACCOUNT"
      summary="The full registration form is being built."
      back={{ to: '/signup', label: 'Back to the application' }}
    />
  ),
})
