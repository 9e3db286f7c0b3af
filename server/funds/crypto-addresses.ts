// The sandbox chain's deposit addresses and transaction hashes (decision 0019). Each customer's address for a coin on
// a network is derived from HMAC-SHA256(server secret, user/coin/network), so it is stable, unguessable without the
// secret, and valid in the network's own format (the checks in src/domain/funds/crypto-address.ts accept it): Bitcoin
// bech32 P2WPKH (bc1q…, a 20-byte program), EVM 0x + 40 lowercase hex, Tron base58check (0x41, T…). The address is
// stored once made (crypto_addresses), so a changed secret never moves a customer's address.
import { createHmac, randomBytes } from 'node:crypto'
import type { CryptoCoin, CryptoNetwork } from '../../src/domain/contract'
import { encodeSegwitAddress, encodeTronAddress } from '../../src/domain/funds/crypto-address'

export function deriveDepositAddress(
  secret: string,
  userId: number,
  coin: CryptoCoin['slug'],
  network: CryptoNetwork,
): string {
  const digest = createHmac('sha256', secret)
    .update(`deposit-address/${userId}/${coin}/${network.id}`)
    .digest()
  const account = new Uint8Array(digest.subarray(0, 20))
  switch (network.format) {
    case 'bech32':
      return encodeSegwitAddress(account, 0, 'bc')
    case 'evm':
      return `0x${Buffer.from(account).toString('hex')}`
    case 'tron':
      return encodeTronAddress(account)
  }
}

/** A transaction hash as the network writes one: 64 hex digits, 0x-prefixed on EVM chains. */
export function randomTxHash(network: CryptoNetwork): string {
  const hex = randomBytes(32).toString('hex')
  return network.format === 'evm' ? `0x${hex}` : hex
}

/** 'USDT (TRC20) T9yD…k3Qw': the coin, the network, and the address's ends. */
export function cryptoDestination(coin: CryptoCoin, network: CryptoNetwork, address: string): string {
  const networkLabel = NETWORK_SHORT_NAMES[network.id]
  const ends = address.length > 12 ? `${address.slice(0, 4)}…${address.slice(-4)}` : address
  return `${coin.code} (${networkLabel}) ${ends}`
}

export const NETWORK_SHORT_NAMES: Record<CryptoNetwork['id'], string> = {
  bitcoin: 'Bitcoin',
  erc20: 'ERC20',
  trc20: 'TRC20',
}
