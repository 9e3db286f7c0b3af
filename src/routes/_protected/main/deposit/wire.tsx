import { createFileRoute } from '@tanstack/react-router'
import { WireDeposit } from '../../../../features/funds'

/** /main/deposit/wire: bank details and a unique reference; 'I have sent the transfer' (issue 15). */
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
