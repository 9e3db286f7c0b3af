import { createFileRoute } from '@tanstack/react-router'
import { findCoin } from '../../../../../domain/contract/funds-common'
import { CryptoDeposit, getDepositsQueryOptions } from '../../../../../features/funds'
import { NotFoundPage } from '../../../../../features/shell'
import { loadPageData } from '../../../../-page-data'

/** /main/deposit/{coin}/{network}: the coin's address on one network (the wallet id is the network's id). */
export const Route = createFileRoute('/_protected/main/deposit/$crypto/$walletId')({
  loader: ({ context }) => loadPageData(context.queryClient, [getDepositsQueryOptions()]),
  component: NetworkDeposit,
})

function NetworkDeposit() {
  const { crypto, walletId } = Route.useParams()
  const coin = findCoin(crypto)
  if (!coin) return <NotFoundPage />
  return <CryptoDeposit coin={coin} networkId={walletId} />
}
