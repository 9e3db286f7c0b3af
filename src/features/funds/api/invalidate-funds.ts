// After a money move the customer made, or one the server announced (funds.updated): a deposit, withdrawal or
// savings move changes the balance, the summary, its own list and the transactions together, so every money key
// under `funds` is refreshed (those not on screen are only marked stale). The options and the crypto addresses
// are settings, not money, and are left alone.
import type { QueryClient } from '@tanstack/react-query'
import { fundsKeys } from './query-keys'

const MONEY_KEYS: ReadonlySet<unknown> = new Set(
  [
    fundsKeys.summary,
    fundsKeys.deposits,
    fundsKeys.withdrawals,
    fundsKeys.transactionsAll,
    fundsKeys.savings,
    fundsKeys.statement({}),
  ].map((key) => key[1]),
)

export const invalidateFunds = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({
    predicate: (query) => query.queryKey[0] === fundsKeys.all[0] && MONEY_KEYS.has(query.queryKey[1]),
  })
