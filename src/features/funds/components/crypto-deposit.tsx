import { Link } from '@tanstack/react-router'
import { Maximize2 } from 'lucide-react'
import { Box, Flex } from 'styled-system/jsx'
import { grid } from 'styled-system/patterns'
import { button } from 'styled-system/recipes'
import { AlertBox } from '../../../components/ui/alert-box'
import { findNetwork, type CryptoCoin, type CryptoNetwork } from '../../../domain/contract/funds-common'
import { incomingTransfers } from '../../../domain/funds/deposits'
import { useCryptoAddress } from '../api/get-crypto-address'
import { useDeposits } from '../api/get-deposits'
import { CopyButton } from './copy-button'
import { DepositQrCode } from './deposit-qr-code'
import { IncomingTransfers } from './incoming-transfers'
import { LoadFailed, Loading } from './load-state'
import { NetworkPicker } from './network-picker'
import { FundsSection } from './section'

// /main/deposit/{coin} and /main/deposit/{coin}/{network}: the customer's own address for the coin on one network,
// with a copy button and a QR code, the minimum and the network warning, and the coin's incoming transfers with
// their confirmations counting up live. A coin on several networks asks for the network first.

function AddressPanel(props: { coin: CryptoCoin; network: CryptoNetwork }) {
  const { coin, network } = props
  const address = useCryptoAddress(coin.slug, network.id)
  if (address.isPending) return <Loading label="Loading your deposit address" />
  if (address.isError) {
    return (
      <LoadFailed what="Your deposit address" error={address.error} onRetry={() => void address.refetch()} />
    )
  }
  const { data } = address
  return (
    <div
      className={grid({
        gap: '5',
        gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'auto minmax(0, 1fr)' },
        alignItems: 'start',
      })}
    >
      <div className={grid({ justifyItems: 'center', gap: '2' })}>
        <DepositQrCode
          address={data.address}
          size={176}
          label={`QR code of your ${coin.code} address on ${network.name}`}
        />
        <Link
          to="/main/deposit/qr-code"
          search={{ coin: coin.slug, network: network.id }}
          className={button({ variant: 'ghost', size: 'sm' })}
        >
          <Maximize2 aria-hidden="true" />
          Larger QR code
        </Link>
      </div>
      <div className={grid({ gap: '4', minW: '0' })}>
        <div className={grid({ gap: '1.5' })}>
          <Box as="p" id="deposit-address-label" textStyle="label">
            Your {coin.code} address on {network.name}
          </Box>
          <Flex
            flexDir={{ base: 'column', sm: 'row' }}
            alignItems={{ base: 'stretch', sm: 'center' }}
            gap="2"
          >
            <Box
              as="output"
              aria-labelledby="deposit-address-label"
              data-testid="deposit-address"
              flex="1"
              minW="0"
              px="3"
              py="2.5"
              rounded="control"
              bg="bg.app"
              borderWidth="1px"
              borderColor="border.control"
              fontFamily="mono"
              fontSize="sm"
              wordBreak="break-all"
              userSelect="all"
            >
              {data.address}
            </Box>
            <CopyButton value={data.address} what="address" size="md" />
          </Flex>
        </div>
        <dl
          className={grid({
            gridTemplateColumns: 'auto minmax(0, 1fr)',
            gap: '1.5 4',
            fontSize: 'sm',
            '& dt': { color: 'text.muted' },
          })}
        >
          <dt>Network</dt>
          <dd>{network.name}</dd>
          <dt>Minimum deposit</dt>
          <Box as="dd" data-testid="deposit-minimum" textStyle="numeric">
            {data.minimum} {coin.code}
          </Box>
          <dt>Credited after</dt>
          <dd>{data.required_confirmations} network confirmations</dd>
        </dl>
        <AlertBox
          variant="warning"
          title={`Send only ${coin.code} on ${network.name} to this address.`}
          description={`Other coins, or ${coin.code} sent on another network, cannot be recovered. Transfers below ${data.minimum} ${coin.code} are not credited.`}
        />
      </div>
    </div>
  )
}

export function CryptoDeposit(props: { coin: CryptoCoin; networkId: string | null }) {
  const { coin } = props
  const deposits = useDeposits()
  const several = coin.networks.length > 1
  // One network: it is the coin's; several: the customer's choice from the URL, none until chosen.
  const networkId = props.networkId ?? (several ? null : (coin.networks[0]?.id ?? null))
  const network = networkId === null ? undefined : findNetwork(coin, networkId)
  const transfers = deposits.data ? incomingTransfers(deposits.data, coin.slug) : []

  return (
    <div className={grid({ gap: '6', minW: '0' })}>
      <FundsSection
        title={`Deposit ${coin.name}`}
        description={
          several
            ? `${coin.code} travels on ${coin.networks.length} networks. Choose the one your wallet or exchange sends on.`
            : `Send ${coin.code} from your wallet or exchange to your personal address below.`
        }
        testId="crypto-deposit"
      >
        {several ? <NetworkPicker coin={coin} current={network?.id ?? null} /> : null}
        {network ? (
          <AddressPanel key={`${coin.slug}-${network.id}`} coin={coin} network={network} />
        ) : networkId !== null ? (
          <AlertBox variant="destructive" title={`${coin.name} is not offered on this network.`} />
        ) : null}
      </FundsSection>
      <FundsSection
        title="Incoming transfers"
        description={`Your ${coin.code} deposits. Each is credited in USD once confirmed.`}
        testId="incoming-transfers"
      >
        {deposits.isPending ? (
          <Loading label="Loading your transfers" />
        ) : deposits.isError ? (
          <LoadFailed what="Your transfers" error={deposits.error} onRetry={() => void deposits.refetch()} />
        ) : (
          <IncomingTransfers transfers={transfers} code={coin.code} />
        )}
      </FundsSection>
    </div>
  )
}
