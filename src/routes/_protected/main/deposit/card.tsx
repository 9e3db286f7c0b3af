import { createFileRoute } from '@tanstack/react-router'
import { PlannedPage } from '../../../../features/shell'

export const Route = createFileRoute('/_protected/main/deposit/card')({
  component: () => (
    <PlannedPage
      title="Card deposit"
      trail={[
        { label: 'Funds', to: '/main/dashboard' },
        { label: 'Deposit', to: '/main/deposit' },
        { label: 'Card deposit' },
      ]}
      summary="Fund your account with a debit or credit card here."
    />
  ),
})
