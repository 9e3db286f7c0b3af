import { createFileRoute } from '@tanstack/react-router'
import { PlannedPage } from '../../../../../features/shell'

export const Route = createFileRoute('/_protected/main/deposit/$crypto/')({
  component: CryptoDeposit,
})

function CryptoDeposit() {
  const { crypto } = Route.useParams()
  return (
    <PlannedPage
      title="Crypto deposit"
      trail={[
        { label: 'Funds', to: '/main/dashboard' },
        { label: 'Deposit', to: '/main/deposit' },
        { label: crypto },
      ]}
      summary={`Deposit ${crypto} to your trading account: choose a wallet and send funds to its address.`}
    />
  )
}
