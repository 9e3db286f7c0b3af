import { createFileRoute } from '@tanstack/react-router'
import { PlannedPage } from '../../../../features/shell'

export const Route = createFileRoute('/_protected/main/deposit/history')({
  component: () => (
    <PlannedPage
      title="Deposit history"
      trail={[
        { label: 'Funds', to: '/main/dashboard' },
        { label: 'Deposit', to: '/main/deposit' },
        { label: 'Deposit history' },
      ]}
      summary="Every deposit you made, with its status, will be listed here."
    />
  ),
})
