import { createFileRoute } from '@tanstack/react-router'
import { WireConfirmationSearchSchema } from '../../../../domain/funds/deposit-search'
import { WireConfirmation, getDepositsQueryOptions } from '../../../../features/funds'
import { loadPageData } from '../../../-page-data'

/** /main/deposit/wire-confirmation?deposit=<id>: what happens next, the reference, the status live. */
export const Route = createFileRoute('/_protected/main/deposit/wire-confirmation')({
  validateSearch: WireConfirmationSearchSchema,
  loader: ({ context }) => loadPageData(context.queryClient, [getDepositsQueryOptions()]),
  component: WireConfirmationPage,
})

function WireConfirmationPage() {
  const { deposit } = Route.useSearch()
  return <WireConfirmation depositId={deposit} />
}
