// The cashier's query keys, defined once: useFundsLiveUpdates invalidates `fundsKeys.all` when the private-user
// channel says funds.updated, and each mutation invalidates the keys it changed.
import type { TransactionsQuery } from '../../../domain/contract/transactions'

export const fundsKeys = {
  all: ['funds'] as const,
  options: ['funds', 'options'] as const,
  summary: ['funds', 'summary'] as const,
  deposits: ['funds', 'deposits'] as const,
  deposit: (id: number) => ['funds', 'deposits', id] as const,
  cryptoAddress: (coin: string, network: string) => ['funds', 'crypto-address', coin, network] as const,
  withdrawals: ['funds', 'withdrawals'] as const,
  transactionsAll: ['funds', 'transactions'] as const,
  transactions: (filters: TransactionsQuery) => ['funds', 'transactions', filters] as const,
  savings: ['funds', 'savings'] as const,
  /** Outside `all` on purpose: a funds.updated while the wire page is open must not replace its reference. */
  wireIntent: ['wire-intent'] as const,
  statement: (range: { from?: string | undefined; to?: string | undefined }) =>
    ['funds', 'statement', range] as const,
} as const
