import { createFileRoute } from '@tanstack/react-router'
import { QrCodeSearchSchema, qrCodeTarget } from '../../../../domain/funds/deposit-search'
import { QrCodePage } from '../../../../features/funds'

/** /main/deposit/qr-code?coin=&network=: the deposit address's QR code alone, large. */
export const Route = createFileRoute('/_protected/main/deposit/qr-code')({
  validateSearch: QrCodeSearchSchema,
  component: QrCode,
})

function QrCode() {
  const { coin, networkId } = qrCodeTarget(Route.useSearch())
  return <QrCodePage coin={coin} networkId={networkId} />
}
