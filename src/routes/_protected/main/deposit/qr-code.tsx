import { createFileRoute } from '@tanstack/react-router'
import { QrCodeSearchSchema, qrCodeTarget } from '../../../../domain/funds/deposit-search'
import { QrCodePage, getCryptoAddressQueryOptions } from '../../../../features/funds'
import { loadPageData } from '../../../-page-data'

/** /main/deposit/qr-code?coin=&network=: the deposit address's QR code alone, large. */
export const Route = createFileRoute('/_protected/main/deposit/qr-code')({
  validateSearch: QrCodeSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    const { coin, networkId } = qrCodeTarget(deps)
    return loadPageData(context.queryClient, [getCryptoAddressQueryOptions(coin.slug, networkId)])
  },
  component: QrCode,
})

function QrCode() {
  const { coin, networkId } = qrCodeTarget(Route.useSearch())
  return <QrCodePage coin={coin} networkId={networkId} />
}
