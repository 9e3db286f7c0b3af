import { createFileRoute } from '@tanstack/react-router'
import { PlannedPage } from '../../../../../features/shell'

export const Route = createFileRoute('/_protected/main/deposit/$crypto/$walletId')({
  component: WalletDeposit,
})

function WalletDeposit() {
  const { crypto, walletId } = Route.useParams()
  return (
    <PlannedPage
      title="Wallet deposit"
      trail={[
        { label: 'Funds', to: '/main/dashboard' },
        { label: 'Deposit', to: '/main/deposit' },
        { label: crypto, to: `/main/deposit/${encodeURIComponent(crypto)}` },
        { label: walletId },
      ]}
      summary="The wallet address and its QR code for this deposit will be shown here."
    />
  )
}
