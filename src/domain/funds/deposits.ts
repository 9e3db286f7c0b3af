// How the deposit pages name and place things (decision 0019): the methods the chooser offers, which section a path
// under /main/deposit belongs to, a deposit's one-line description and its confirmations. Pure; the pages render it.
import type { Deposit } from '../contract/deposits'
import { maskedCard } from './card'
import { CRYPTO_COINS, findCoin, type CryptoCoin } from './crypto-coins'

export const DEPOSIT_BASE_PATH = '/main/deposit'

export type DepositChoice =
  | { kind: 'card'; key: 'card'; label: string; note: string }
  | { kind: 'crypto'; key: CryptoCoin['slug']; label: string; note: string }
  | { kind: 'wire'; key: 'wire'; label: string; note: string }

/** The method chooser's tiles, in order: card, each coin, bank wire. */
export const DEPOSIT_CHOICES: readonly DepositChoice[] = [
  { kind: 'card', key: 'card', label: 'Card', note: 'Instant' },
  ...CRYPTO_COINS.map((coin): DepositChoice => ({
    kind: 'crypto',
    key: coin.slug,
    label: coin.name,
    note: coin.code,
  })),
  { kind: 'wire', key: 'wire', label: 'Bank wire', note: '1–3 business days' },
]

export interface DepositSection {
  /** The breadcrumb's last step; null on the chooser's own page. */
  crumb: string | null
  /** Which chooser tile is current. */
  choice: DepositChoice['key'] | 'history' | null
  /** The QR code page shows the code alone: no header, no chooser. */
  bare: boolean
}

/** Where a path under /main/deposit sits: /main/deposit/tether/trc20 is Tether, /main/deposit/wire-confirmation wire. */
export function depositSection(pathname: string): DepositSection {
  const rest = pathname.replace(/\/+$/, '').slice(DEPOSIT_BASE_PATH.length).split('/').filter(Boolean)
  const first = rest[0] ? decodeURIComponent(rest[0]) : undefined
  if (first === undefined) return { crumb: null, choice: null, bare: false }
  if (first === 'qr-code') return { crumb: 'QR code', choice: null, bare: true }
  if (first === 'card') return { crumb: 'Card', choice: 'card', bare: false }
  if (first === 'wire' || first === 'wire-confirmation')
    return { crumb: 'Bank wire', choice: 'wire', bare: false }
  if (first === 'history') return { crumb: 'History', choice: 'history', bare: false }
  const coin = findCoin(first)
  return coin
    ? { crumb: coin.name, choice: coin.slug, bare: false }
    : { crumb: null, choice: null, bare: false }
}

export const DEPOSIT_METHOD_LABELS: Readonly<Record<Deposit['method'], string>> = {
  card: 'Card',
  crypto: 'Crypto',
  wire: 'Bank wire',
}

/** A deposit in a few words: 'Visa •••• 4242', '0.015 BTC on Bitcoin', 'Bank wire'. */
export function depositDescription(deposit: Deposit): string {
  if (deposit.card) return maskedCard(deposit.card.brand, deposit.card.last4)
  if (deposit.crypto) {
    const coin = findCoin(deposit.crypto.coin)
    const network = coin?.networks.find((candidate) => candidate.id === deposit.crypto?.network)
    const code = coin?.code ?? deposit.crypto.coin.toUpperCase()
    return `${deposit.crypto.coin_amount} ${code} on ${network?.name ?? deposit.crypto.network}`
  }
  return DEPOSIT_METHOD_LABELS[deposit.method]
}

/** '2/3': confirmations counted so far, never more than needed. */
export function confirmationsText(confirmations: number, required: number): string {
  return `${Math.min(Math.max(0, confirmations), required)}/${required}`
}

/** This coin's transfers, newest first as the API lists them; a network narrows them further when given. */
export function incomingTransfers(
  deposits: readonly Deposit[],
  coin: CryptoCoin['slug'],
  network?: string,
): Deposit[] {
  return deposits.filter(
    (deposit) =>
      deposit.method === 'crypto' &&
      deposit.crypto?.coin === coin &&
      (network === undefined || deposit.crypto.network === network),
  )
}

/** A long hash or address for a narrow line: 'bc1qw5…v8f3t4'; short ones unchanged. */
export function shortenMiddle(text: string, keep = 6): string {
  return text.length <= keep * 2 + 1 ? text : `${text.slice(0, keep)}…${text.slice(-keep)}`
}

// The deposit pages' URLs, zod-free of the contract for the routes (./deposit-search.ts); still importable from here.
export {
  DEFAULT_DEPOSIT_COIN,
  QrCodeSearchSchema,
  qrCodeTarget,
  WireConfirmationSearchSchema,
  type QrCodeSearch,
} from './deposit-search'
