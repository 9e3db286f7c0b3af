// The card seam (decision 0019, docs/architecture.md#money-requests-files-and-mail): the cashier charges cards
// through a PaymentProvider picked by configuration (PAYMENT_PROVIDER, default `sandbox`), so a real gateway is a new
// implementation of this interface, not a change anywhere else. The card number and CVC are handed to the provider
// and nowhere else: never stored, never logged.
import { cardDigits } from '../../src/domain/funds/card'
import { DEPOSIT_MESSAGES } from '../../src/domain/contract'

export interface CardCharge {
  /** Digits only. */
  number: string
  expMonth: number
  /** Four digits. */
  expYear: number
  cvc: string
  name: string
  /** numeric(18,2) as text. */
  amountUsd: string
  /** The deposit's own reference (DEP-…), the gateway's idempotency key for this charge. */
  reference: string
}

export type ChargeResult =
  | { status: 'succeeded' }
  | { status: 'declined'; message: string }
  /** The issuer wants the cardholder to confirm (3-D Secure); settled later by confirmAction. */
  | { status: 'requires_action'; action: 'three_ds' }

export interface PaymentProvider {
  readonly name: string
  charge(charge: CardCharge): Promise<ChargeResult>
  /** The outcome of the cardholder's 3-D Secure step for the charge made under `reference`. */
  confirmAction(
    reference: string,
    approved: boolean,
  ): Promise<Exclude<ChargeResult, { status: 'requires_action' }>>
}

/** The sandbox's test numbers, as the issue and the cashier's help text give them. */
export const SANDBOX_CARDS = {
  SUCCEEDS: '4242424242424242',
  DECLINED: '4000000000000002',
  THREE_DS: '4000000000003220',
} as const

/**
 * Stripe-like test cards: 4000 0000 0000 0002 is declined, 4000 0000 0000 3220 asks for 3-D Secure, and every
 * other number that passed the form's checks (4242 4242 4242 4242 among them) succeeds. Nothing leaves the process.
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox'

  async charge(charge: CardCharge): Promise<ChargeResult> {
    const digits = cardDigits(charge.number)
    if (digits === SANDBOX_CARDS.DECLINED) return { status: 'declined', message: DEPOSIT_MESSAGES.DECLINED }
    if (digits === SANDBOX_CARDS.THREE_DS) return { status: 'requires_action', action: 'three_ds' }
    return { status: 'succeeded' }
  }

  async confirmAction(_reference: string, approved: boolean) {
    return approved
      ? ({ status: 'succeeded' } as const)
      : ({ status: 'declined', message: DEPOSIT_MESSAGES.THREE_DS_FAILED } as const)
  }
}

export const PAYMENT_PROVIDERS = ['sandbox'] as const
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number]

export function isPaymentProviderName(name: string): name is PaymentProviderName {
  return (PAYMENT_PROVIDERS as readonly string[]).includes(name)
}

/** The provider PAYMENT_PROVIDER names; a real gateway adds its case here and its settings to the environment. */
export function createPaymentProvider(name: PaymentProviderName = 'sandbox'): PaymentProvider {
  switch (name) {
    case 'sandbox':
      return new SandboxPaymentProvider()
  }
}
