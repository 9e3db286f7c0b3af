// The coins and networks the cashier takes (decision 0019): plain data, without zod, so what a URL may name (the QR
// code page's ?coin=&network=, the /main/deposit redirect) is known before the first render without the funds
// contract. ../contract/funds-common.ts builds its schemas from these and re-exports them.

/** A coin's network. `format` names the address rule in ./crypto-address.ts. */
export interface CryptoNetwork {
  id: 'bitcoin' | 'erc20' | 'trc20'
  name: string
  format: 'bech32' | 'evm' | 'tron'
}
export interface CryptoCoin {
  /** The route parameter of /main/deposit/{crypto}. */
  slug: 'bitcoin' | 'ethereum' | 'tether'
  code: 'BTC' | 'ETH' | 'USDT'
  name: string
  /** The market whose price converts a transfer to USD; null for a stable coin counted at 1 USD. */
  price_symbol: string | null
  /** The smallest transfer credited, in coin units: smaller ones are not credited (status failed). */
  minimum: string
  networks: CryptoNetwork[]
}

const BITCOIN_NETWORK: CryptoNetwork = { id: 'bitcoin', name: 'Bitcoin', format: 'bech32' }
const ERC20_NETWORK: CryptoNetwork = { id: 'erc20', name: 'Ethereum (ERC20)', format: 'evm' }
const TRC20_NETWORK: CryptoNetwork = { id: 'trc20', name: 'Tron (TRC20)', format: 'tron' }

export const CRYPTO_COINS: readonly CryptoCoin[] = [
  {
    slug: 'bitcoin',
    code: 'BTC',
    name: 'Bitcoin',
    price_symbol: 'BTCUSD',
    minimum: '0.0001',
    networks: [BITCOIN_NETWORK],
  },
  {
    slug: 'ethereum',
    code: 'ETH',
    name: 'Ethereum',
    price_symbol: 'ETHUSD',
    minimum: '0.005',
    networks: [ERC20_NETWORK],
  },
  {
    slug: 'tether',
    code: 'USDT',
    name: 'Tether',
    price_symbol: null,
    minimum: '10',
    networks: [TRC20_NETWORK, ERC20_NETWORK],
  },
]
export const CRYPTO_COIN_SLUGS = ['bitcoin', 'ethereum', 'tether'] as const
export const CRYPTO_NETWORK_IDS = ['bitcoin', 'erc20', 'trc20'] as const
/** A transfer is credited after this many confirmations on the sandbox chain. */
export const REQUIRED_CONFIRMATIONS = 3

export function findCoin(slug: string): CryptoCoin | undefined {
  return CRYPTO_COINS.find((coin) => coin.slug === slug)
}
export function findNetwork(coin: CryptoCoin, networkId: string): CryptoNetwork | undefined {
  return coin.networks.find((network) => network.id === networkId)
}
