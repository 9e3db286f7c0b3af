import { Link } from '@tanstack/react-router'
import { ArrowLeft } from 'lucide-react'
import { css } from 'styled-system/css'
import { Box } from 'styled-system/jsx'
import { grid } from 'styled-system/patterns'
import { button } from 'styled-system/recipes'
import { AlertBox } from '../../../components/ui/alert-box'
import { findNetwork, type CryptoCoin } from '../../../domain/contract/funds-common'
import { useCryptoAddress } from '../api/get-crypto-address'
import { CopyButton } from './copy-button'
import { DepositQrCode } from './deposit-qr-code'
import { LoadFailed, Loading } from './load-state'

// /main/deposit/qr-code?coin=&network=: the code alone, as large as the screen allows, to scan from another device.

const QR_SIZE = 400

function LargeCode(props: { coin: CryptoCoin; networkId: string }) {
  const network = findNetwork(props.coin, props.networkId)
  const address = useCryptoAddress(props.coin.slug, props.networkId)
  if (!network)
    return <AlertBox variant="destructive" title={`${props.coin.name} is not offered on this network.`} />
  if (address.isPending) return <Loading label="Loading your deposit address" />
  if (address.isError) {
    return (
      <LoadFailed what="Your deposit address" error={address.error} onRetry={() => void address.refetch()} />
    )
  }
  const label = `QR code of your ${props.coin.code} address on ${network.name}`
  return (
    <div className={grid({ justifyItems: 'center', gap: '4', textAlign: 'center', minW: '0' })}>
      <Box as="h1" fontSize={{ base: 'xl', md: '2xl' }} fontWeight="semibold">
        {props.coin.code} on {network.name}
      </Box>
      <DepositQrCode
        address={address.data.address}
        size={QR_SIZE}
        label={label}
        className={css({ w: 'min(100%, 26rem)', p: '4' })}
      />
      <Box
        as="p"
        data-testid="deposit-address"
        fontFamily="mono"
        fontSize="sm"
        wordBreak="break-all"
        maxW="26rem"
      >
        {address.data.address}
      </Box>
      <CopyButton value={address.data.address} what="address" />
      <Box as="p" fontSize="sm" color="warning" maxW="26rem">
        Send only {props.coin.code} on {network.name} to this address.
      </Box>
    </div>
  )
}

export function QrCodePage(props: { coin: CryptoCoin; networkId: string }) {
  return (
    <div className={grid({ gap: '6', py: { base: '2', md: '6' } })}>
      <div>
        <Link
          to="/main/deposit/$crypto/$walletId"
          params={{ crypto: props.coin.slug, walletId: props.networkId }}
          className={button({ variant: 'ghost', size: 'sm' })}
        >
          <ArrowLeft aria-hidden="true" />
          Back to the {props.coin.name} deposit
        </Link>
      </div>
      <LargeCode coin={props.coin} networkId={props.networkId} />
    </div>
  )
}
