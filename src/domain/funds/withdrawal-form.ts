// The withdrawal form's rules (decision 0019): the amount against the limits and "withdrawable now", saying exactly
// why an amount is refused, and the destination by method (a card deposited with, a crypto address valid on its
// network, a bank account). The same words the server would answer, before anything is sent. Money is USD; the caller
// passes the formatter, so the rule stays pure. In zod/mini, as the contracts the withdrawal and savings pages load for
// their first render (decision 0043).
import * as z from 'zod/mini'
import {
  BankAccountSchema,
  WITHDRAWAL_MESSAGES,
  type WithdrawalMethod,
  type WithdrawalRequest,
} from '../contract/withdrawals'
import { CRYPTO_COINS, findCoin, findNetwork } from '../contract/funds-common'
import { type Limit } from '../contract/funds-options'
import { isValidAddress } from './crypto-address'
import { exceedsWithdrawable } from './withdrawable'
import '../contract/zod-messages'

export const AMOUNT_FORMAT_MESSAGE = 'The amount must be a number with at most two decimals'
export const AMOUNT_POSITIVE_MESSAGE = 'The amount must be more than zero'
export const AMOUNT_REQUIRED_MESSAGE = 'Enter the amount to withdraw'

/** What the amount is checked against, all USD. */
export interface WithdrawalAmountContext {
  withdrawableUsd: number
  limit: Limit
  /** Held by open positions (the free margin is what limits the figure when they lose or use it). */
  marginUsd: number
  /** Already set aside for withdrawals in review. */
  reservedUsd: number
  savingsUsd: number
  limitedBy: 'balance' | 'free_margin'
  formatUsd: (amountUsd: number) => string
}

/** The amount typed, as a number, when it is one with at most two decimals. */
export function parseMoneyText(text: string): number | null {
  const trimmed = text.trim().replace(/,/g, '')
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(trimmed)) return null
  return Number(trimmed)
}

/**
 * Why this amount cannot be withdrawn, or null when it can. Over the withdrawable figure, the message names the most
 * that can be taken now and what holds the rest: margin held by open positions, money already reserved, savings.
 */
export function withdrawalAmountError(text: string, context: WithdrawalAmountContext): string | null {
  if (text.trim() === '') return AMOUNT_REQUIRED_MESSAGE
  const amount = parseMoneyText(text)
  if (amount === null) return AMOUNT_FORMAT_MESSAGE
  if (amount <= 0) return AMOUNT_POSITIVE_MESSAGE
  const { limit, formatUsd } = context
  if (amount < limit.min) return `The minimum withdrawal is ${formatUsd(limit.min)}.`
  // Of the two ceilings, the lower one is the one to name.
  if (amount > limit.max && context.withdrawableUsd >= limit.max)
    return `The maximum withdrawal is ${formatUsd(limit.max)} per request.`
  if (!exceedsWithdrawable(amount, context.withdrawableUsd)) return null
  const reasons: string[] = []
  if (context.limitedBy === 'free_margin' && context.marginUsd > 0)
    reasons.push(`${formatUsd(context.marginUsd)} is held as margin by your open positions`)
  else if (context.limitedBy === 'free_margin') reasons.push('your open positions are at a loss')
  if (context.reservedUsd > 0)
    reasons.push(`${formatUsd(context.reservedUsd)} is reserved for withdrawals in review`)
  if (context.savingsUsd > 0)
    reasons.push(`${formatUsd(context.savingsUsd)} is in savings (move it back to withdraw it)`)
  const most =
    context.withdrawableUsd > 0
      ? `You can withdraw at most ${formatUsd(context.withdrawableUsd)} now`
      : 'You cannot withdraw anything now'
  const why = reasons.length > 0 ? `: ${joinReasons(reasons)}.` : '.'
  return `${WITHDRAWAL_MESSAGES.OVER_WITHDRAWABLE} ${most}${why}`
}

function joinReasons(reasons: readonly string[]): string {
  if (reasons.length <= 1) return reasons.join('')
  return `${reasons.slice(0, -1).join(', ')} and ${reasons.at(-1)}`
}

// ---- the form ------------------------------------------------------------------------------------------------

export interface WithdrawalFormValues {
  method: WithdrawalMethod
  amount: string
  /** The completed card deposit whose card gets the money back, as text ('' before one is chosen). */
  card_deposit_id: string
  coin: string
  network: string
  address: string
  holder: string
  iban: string
  bic: string
  bank_name: string
}

export const WITHDRAWAL_FORM_DEFAULTS: WithdrawalFormValues = {
  method: 'card',
  amount: '',
  card_deposit_id: '',
  coin: CRYPTO_COINS[0]!.slug,
  network: CRYPTO_COINS[0]!.networks[0]!.id,
  address: '',
  holder: '',
  iban: '',
  bic: '',
  bank_name: '',
}

export const DESTINATION_MESSAGES = {
  CARD_REQUIRED: 'Choose the card to send the money back to',
  NO_CARD: 'You have no card deposit to send money back to. Choose another method.',
  NETWORK_REQUIRED: 'Choose the network',
} as const

/**
 * The form's schema for this moment's figures: the amount by `withdrawalAmountError`, then only the chosen
 * method's fields. Its output is the request body POST /funds/withdrawals takes.
 */
export function withdrawalFormSchema(context: WithdrawalAmountContext & { hasCards: boolean }) {
  return z.pipe(
    z
      .object({
        method: z.enum(['card', 'crypto', 'bank']),
        amount: z.string(),
        card_deposit_id: z.string(),
        coin: z.string(),
        network: z.string(),
        address: z.string(),
        holder: z.string(),
        iban: z.string(),
        bic: z.string(),
        bank_name: z.string(),
      })
      .check(
        z.superRefine((values, issues) => {
          const amountError = withdrawalAmountError(values.amount, context)
          if (amountError) issues.addIssue({ code: 'custom', path: ['amount'], message: amountError })
          if (values.method === 'card') {
            const message = context.hasCards
              ? DESTINATION_MESSAGES.CARD_REQUIRED
              : DESTINATION_MESSAGES.NO_CARD
            if (!/^\d+$/.test(values.card_deposit_id))
              issues.addIssue({ code: 'custom', path: ['card_deposit_id'], message })
          } else if (values.method === 'crypto') {
            const coin = findCoin(values.coin)
            const network = coin ? findNetwork(coin, values.network) : undefined
            if (!network) {
              issues.addIssue({
                code: 'custom',
                path: ['network'],
                message: DESTINATION_MESSAGES.NETWORK_REQUIRED,
              })
              return
            }
            const address = values.address.trim()
            if (!address)
              issues.addIssue({ code: 'custom', path: ['address'], message: 'Address is required' })
            else if (!isValidAddress(network.format, address))
              issues.addIssue({ code: 'custom', path: ['address'], message: WITHDRAWAL_MESSAGES.BAD_ADDRESS })
          } else {
            const bank = BankAccountSchema.safeParse({
              holder: values.holder,
              iban: values.iban,
              bic: values.bic,
              bank_name: values.bank_name,
            })
            if (!bank.success)
              for (const issue of bank.error.issues)
                issues.addIssue({ code: 'custom', path: issue.path, message: issue.message })
          }
        }),
      ),
    z.transform((values: WithdrawalFormValues): WithdrawalRequest => toWithdrawalRequest(values)),
  )
}

/** The request body for the chosen method: the other methods' fields are left behind. */
export function toWithdrawalRequest(values: WithdrawalFormValues): WithdrawalRequest {
  const amount = String(parseMoneyText(values.amount) ?? values.amount.trim())
  switch (values.method) {
    case 'card':
      return { method: 'card', amount, card_deposit_id: Number(values.card_deposit_id) }
    case 'crypto':
      return {
        method: 'crypto',
        amount,
        coin: values.coin as 'bitcoin' | 'ethereum' | 'tether',
        network: values.network as 'bitcoin' | 'erc20' | 'trc20',
        address: values.address.trim(),
      }
    case 'bank':
      return {
        method: 'bank',
        amount,
        bank: {
          holder: values.holder.trim(),
          iban: values.iban.trim(),
          bic: values.bic.trim(),
          bank_name: values.bank_name.trim(),
        },
      }
  }
}

// ---- cards to send money back to -------------------------------------------------------------------------------

export interface CardDepositLike {
  id: number
  method: string
  status: string
  card: { brand: string; last4: string; exp_month: number; exp_year: number } | null
  created_at: string
}

export interface WithdrawalCard {
  /** The newest completed deposit made with this card: the id the request names. */
  depositId: number
  brand: string
  last4: string
  expMonth: number
  expYear: number
}

/**
 * The cards a withdrawal can go back to: those of completed card deposits, one per card (last four digits and
 * expiry), named by its newest deposit. Newest first.
 */
export function withdrawalCards(deposits: readonly CardDepositLike[]): WithdrawalCard[] {
  const byCard = new Map<string, { card: WithdrawalCard; at: string }>()
  for (const deposit of deposits) {
    if (deposit.method !== 'card' || deposit.status !== 'completed' || !deposit.card) continue
    const { card } = deposit
    const key = `${card.last4}-${card.exp_month}-${card.exp_year}`
    const known = byCard.get(key)
    if (known && known.at >= deposit.created_at) continue
    byCard.set(key, {
      at: deposit.created_at,
      card: {
        depositId: deposit.id,
        brand: card.brand,
        last4: card.last4,
        expMonth: card.exp_month,
        expYear: card.exp_year,
      },
    })
  }
  return [...byCard.values()].sort((a, b) => (a.at < b.at ? 1 : -1)).map((entry) => entry.card)
}

/** '08/27' */
export const cardExpiryText = (month: number, year: number) =>
  `${String(month).padStart(2, '0')}/${String(year % 100).padStart(2, '0')}`
