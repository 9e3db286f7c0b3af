import { createFileRoute } from '@tanstack/react-router'
import { PlannedPage } from '../../../../features/shell'

export const Route = createFileRoute('/_protected/main/deposit/qr-code')({
  component: () => (
    <PlannedPage
      title="Deposit QR code"
      trail={[
        { label: 'Funds', to: '/main/dashboard' },
        { label: 'Deposit', to: '/main/deposit' },
        { label: 'Deposit QR code' },
      ]}
      summary="Scan the wallet address as a QR code here."
    />
  ),
})
