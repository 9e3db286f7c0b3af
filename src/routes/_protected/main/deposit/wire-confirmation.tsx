import { createFileRoute } from '@tanstack/react-router'
import { PlannedPage } from '../../../../features/shell'

export const Route = createFileRoute('/_protected/main/deposit/wire-confirmation')({
  component: () => (
    <PlannedPage
      title="Wire transfer confirmation"
      trail={[
        { label: 'Funds', to: '/main/dashboard' },
        { label: 'Deposit', to: '/main/deposit' },
        { label: 'Wire transfer confirmation' },
      ]}
      summary="Confirm a bank wire transfer and see its reference here."
    />
  ),
})
