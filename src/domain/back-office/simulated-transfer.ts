// The back office's "Simulate incoming transfer" form (decision 0019): a coin, one of its networks and an amount in
// coin units, as POST /admin/users/{id}/crypto-transfers takes them. A transfer below the coin's minimum is allowed
// on purpose (it shows the customer a failed deposit), so it is a warning here, not an error.
import * as z from 'zod/mini'
import { CRYPTO_COINS, CoinAmountSchema, findCoin, findNetwork } from '../contract/funds-common'
import { SimulatedTransferRequestSchema } from '../contract/crypto-deposits'

export const SimulatedTransferFormSchema = SimulatedTransferRequestSchema.check(
  z.superRefine((transfer, issues) => {
    const coin = findCoin(transfer.coin)
    if (coin && !findNetwork(coin, transfer.network))
      issues.addIssue({
        code: 'custom',
        path: ['network'],
        message: `${coin.code} is not sent on this network`,
      })
  }),
)
export type SimulatedTransferForm = z.input<typeof SimulatedTransferFormSchema>

export const COIN_OPTIONS = CRYPTO_COINS.map((coin) => ({
  value: coin.slug,
  label: `${coin.name} (${coin.code})`,
}))

export function networkOptions(coinSlug: string): { value: string; label: string }[] {
  return findCoin(coinSlug)?.networks.map((network) => ({ value: network.id, label: network.name })) ?? []
}

/** 'Below the 0.0001 BTC minimum: the customer will see it as a failed deposit.', or null. */
export function belowMinimumWarning(coinSlug: string, coinAmount: string): string | null {
  const coin = findCoin(coinSlug)
  const amount = CoinAmountSchema.safeParse(coinAmount)
  if (!coin || !amount.success) return null
  if (Number(amount.data) >= Number(coin.minimum)) return null
  return `Below the ${coin.minimum} ${coin.code} minimum: the customer will see it as a failed deposit.`
}
