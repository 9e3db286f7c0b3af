import { createFileRoute } from '@tanstack/react-router'
import { ClientPage, useClient, getClientQueryOptions } from '../../../../features/back-office'
import { useAssets, getAssetsQueryOptions } from '../../../../features/markets'
import { PageHeader } from '../../../../features/shell'
import { livePriceStore } from '../../../../lib/live-prices'
import { idFromPath } from '../../../-guards'
import { useLivePriceFeed } from '../../../-live-prices'
import { loadPageData } from '../../../-page-data'

/**
 * One client (decision 0017). The price feed runs while the page is open so the client's equity and P/L move as they
 * do on the customer's own screen (the same store and maths as the workspace).
 */
export const Route = createFileRoute('/_protected/admin/clients/$userId')({
  // A guard: a route's params parser loads before the first render of every page (src/domain/search-params.ts).
  params: {
    parse: (raw) => ({ userId: idFromPath(raw.userId) }),
    stringify: (params) => ({ userId: String(params.userId) }),
  },
  loader: ({ context, params }) =>
    loadPageData(context.queryClient, [getClientQueryOptions(params.userId), getAssetsQueryOptions()]),
  component: ClientRoute,
})

function ClientRoute() {
  const { userId } = Route.useParams()
  const client = useClient(userId)
  const assets = useAssets()
  useLivePriceFeed(assets.data)

  return (
    <div>
      <PageHeader
        title={client.data?.name ?? 'Client'}
        trail={[
          { label: 'Back office', to: '/admin' },
          { label: 'Clients', to: '/admin/clients' },
          { label: client.data?.name ?? 'Client' },
        ]}
      />
      <ClientPage userId={userId} store={livePriceStore} />
    </div>
  )
}
