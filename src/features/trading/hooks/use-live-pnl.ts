// The trading workspace's live account figures, given once through a context (the hooks and maths they use:
// src/lib/live-account.ts and src/domain/trading/live-position.ts). docs/architecture.md: no re-render per tick of
// anything but what changed.
import { createContext, useContext } from 'react'
import type { Trade } from '../../../domain/contract/trades'
import type { AccountSummary } from '../../../domain/trading/account-maths'
import { useAccountSummary } from '../../../lib/live-account'
import type { LivePriceStore } from '../../../lib/live-prices'

export interface AccountInputs {
  store: LivePriceStore
  openTrades: readonly Trade[]
  balanceUsd: number
  creditUsd: number
}

/**
 * What the live figures are computed from. The value changes with trades and the balance, never with a tick, so
 * providing it re-renders nobody per tick; each consumer subscribes to the ticks it needs through the hooks.
 */
export const AccountInputsContext = createContext<AccountInputs | null>(null)

export function useLiveAccountSummary(): AccountSummary {
  const inputs = useContext(AccountInputsContext)
  if (!inputs) throw new Error('useLiveAccountSummary needs an AccountInputsContext provider')
  return useAccountSummary(inputs.store, inputs.openTrades, inputs.balanceUsd, inputs.creditUsd)
}
