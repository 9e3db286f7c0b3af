import { createFileRoute } from '@tanstack/react-router'
import { WireDeposit, getFundsOptionsQueryOptions } from '../../../../features/funds'
import { loadPageData } from '../../../-page-data'

/** /main/deposit/wire: bank details and a unique reference; 'I have sent the transfer' (decision 0019). */
export const Route = createFileRoute('/_protected/main/deposit/wire')({
  // Not the wire intent: its query creates one on the server (a POST), which a link's hover must not do.
  loader: ({ context }) => loadPageData(context.queryClient, [getFundsOptionsQueryOptions()]),
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
