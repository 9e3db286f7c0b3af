import { createFileRoute } from '@tanstack/react-router'
import { findCoin } from '../../../../../domain/contract/funds-common'
import { CryptoDeposit, getDepositsQueryOptions } from '../../../../../features/funds'
import { NotFoundPage } from '../../../../../features/shell'
import { loadPageData } from '../../../../-page-data'

/** /main/deposit/{coin}: the coin's address (or, for a coin on several networks, the network to choose first). */
export const Route = createFileRoute('/_protected/main/deposit/$crypto/')({
  loader: ({ context }) => loadPageData(context.queryClient, [getDepositsQueryOptions()]),
  component: CoinDeposit,
})

function CoinDeposit() {
  const { crypto } = Route.useParams()
  const coin = findCoin(crypto)
  if (!coin) return <NotFoundPage />
  return <CryptoDeposit coin={coin} networkId={null} />
}
