import { createFileRoute } from '@tanstack/react-router'
import { WireDeposit } from '../../../../features/funds'

/** /main/deposit/wire: bank details and a unique reference; 'I have sent the transfer' (decision 0019). */
export const Route = createFileRoute('/_protected/main/deposit/wire')({
  component: Wire,
})

function Wire() {
  const navigate = Route.useNavigate()
  return (
    <WireDeposit
      onSent={(deposit) =>
        void navigate({ to: '/main/deposit/wire-confirmation', search: { deposit: deposit.id } })
      }
    />
  )
}
