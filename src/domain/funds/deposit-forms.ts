// The deposit forms' rules (decision 0019): the card form (number by Luhn and brand length, expiry in the future, CVC
// by brand, the cardholder's name, the amount within the card limits) and the wire form's amount. Limits come
// from GET /funds/options; the clock is passed in. The server checks the same things again. In zod/mini, as the
// contracts the deposit pages load for their first render (decision 0043).
import * as z from 'zod/mini'
import { storableText } from '../contract/wire'
import '../contract/zod-messages'
import type { CardDepositRequest } from '../contract/card-deposits'
import type { Limit } from '../contract/funds-options'
import { formatAmount } from '../format/currency'
import { CARD_MESSAGES, cardBrand, cardDigits, cardNumberProblem, cvcProblem, expiryProblem } from './card'

export const AMOUNT_MESSAGES = {
  REQUIRED: 'Amount is required',
  FORMAT: 'Enter an amount in USD with at most two decimals',
} as const

const AMOUNT_PATTERN = /^\d{1,12}(\.\d{1,2})?$/

/** Why a typed USD amount is refused for this method's limits, or null: 'The minimum is $10.00'. */
export function amountProblem(text: string, limit: Limit): string | null {
  const trimmed = text.trim().replace(/,/g, '')
  if (trimmed === '') return AMOUNT_MESSAGES.REQUIRED
  if (!AMOUNT_PATTERN.test(trimmed) || Number(trimmed) <= 0) return AMOUNT_MESSAGES.FORMAT
  const cents = Math.round(Number(trimmed) * 100)
  if (cents < Math.round(limit.min * 100)) return `The minimum is ${formatAmount(limit.min)}`
  if (cents > Math.round(limit.max * 100)) return `The maximum is ${formatAmount(limit.max)}`
  return null
}

/** The amount as the API takes it: '1,000.5' → '1000.5'. */
export const wireAmount = (text: string) => text.trim().replace(/,/g, '')

export interface CardDepositForm {
  card_number: string
  expiry: string
  cvc: string
  name: string
  amount: string
}

export const CARD_DEPOSIT_DEFAULTS: CardDepositForm = {
  card_number: '',
  expiry: '',
  cvc: '',
  name: '',
  amount: '',
}

const check = (problem: (value: string) => string | null) =>
  z.string().check(
    z.superRefine((value, context) => {
      const message = problem(value)
      if (message) context.addIssue({ code: 'custom', message })
    }),
  )

export function cardDepositFormSchema(limit: Limit, now: () => Date) {
  return z
    .object({
      card_number: check(cardNumberProblem),
      expiry: check((value) => expiryProblem(value, now())),
      cvc: z.string(),
      name: z
        .string()
        .check(
          storableText,
          z.trim(),
          z.minLength(1, CARD_MESSAGES.NAME_REQUIRED),
          z.maxLength(100, 'The name is at most 100 characters'),
        ),
      amount: check((value) => amountProblem(value, limit)),
    })
    .check(
      z.superRefine((form, context) => {
        // The CVC's length depends on the brand the number shows (4 digits for Amex).
        const message = cvcProblem(form.cvc, cardBrand(form.card_number))
        if (message) context.addIssue({ code: 'custom', path: ['cvc'], message })
      }),
    )
}

/** What is sent: the digits alone, the expiry as typed (MM/YY), the name trimmed, the amount without commas. */
export function cardDepositRequest(form: CardDepositForm): CardDepositRequest {
  return {
    card_number: cardDigits(form.card_number),
    expiry: form.expiry.replace(/\s/g, ''),
    cvc: form.cvc.trim(),
    name: form.name.trim(),
    amount: wireAmount(form.amount),
  }
}

export interface WireDepositForm {
  amount: string
}

export const wireDepositFormSchema = (limit: Limit) =>
  z.object({ amount: check((value) => amountProblem(value, limit)) })
