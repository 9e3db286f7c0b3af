import { zodResolver } from '@hookform/resolvers/zod'
import { Link } from '@tanstack/react-router'
import { CreditCard, Lock } from 'lucide-react'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { Box, HStack } from 'styled-system/jsx'
import { grid, hstack, wrap } from 'styled-system/patterns'
import { button } from 'styled-system/recipes'
import { AlertBox } from '../../../components/ui/alert-box'
import { Button } from '../../../components/ui/button'
import { TextField } from '../../../components/ui/input'
import { DEPOSIT_MESSAGES, type Deposit } from '../../../domain/contract/deposits'
import { type CardDepositRequest } from '../../../domain/contract/card-deposits'
import { type Limit } from '../../../domain/contract/funds-options'
import {
  CARD_BRAND_NAMES,
  cardBrand,
  cvcLength,
  formatCardNumber,
  formatExpiryInput,
  maskedCard,
} from '../../../domain/funds/card'
import {
  CARD_DEPOSIT_DEFAULTS,
  cardDepositFormSchema,
  cardDepositRequest,
  type CardDepositForm as CardDepositFormValues,
} from '../../../domain/funds/deposit-forms'
import { formatAmount } from '../../../domain/format/currency'
import { errorMessage, fieldError, newIdempotencyKey } from '../../../lib/error-message'
import { ThreeDsDialog } from './three-ds-dialog'

// The card deposit (decision 0019): number (Luhn, brand shown as typed), expiry in the future, CVC by brand, name and
// amount within the card limits. 'Processing...' while the provider answers, then plainly: successful, declined
// (the server's words) or the bank's 3-D Secure step. Each press of Deposit is one attempt with its own
// Idempotency-Key; the number and CVC leave the page only in that request.

export interface DepositAnswer {
  message: string
  data: Deposit
}

export interface CardDepositFormProps {
  limit: Limit
  onDeposit: (request: CardDepositRequest, idempotencyKey: string) => Promise<DepositAnswer>
  onThreeDs: (depositId: number, approve: boolean) => Promise<DepositAnswer>
  now?: () => Date
  newKey?: () => string
}

type Outcome =
  | { kind: 'none' }
  | { kind: 'success'; deposit: Deposit }
  | { kind: 'problem'; message: string }
  | { kind: 'three_ds'; deposit: Deposit }

function outcomeOf(answer: DepositAnswer): Outcome {
  const deposit = answer.data
  if (deposit.status === 'completed') return { kind: 'success', deposit }
  if (deposit.next_action === 'three_ds') return { kind: 'three_ds', deposit }
  if (deposit.status === 'pending') return { kind: 'problem', message: answer.message }
  return { kind: 'problem', message: deposit.failure_reason ?? answer.message ?? DEPOSIT_MESSAGES.DECLINED }
}

const QUICK_AMOUNTS = [50, 100, 250, 500, 1_000]

const systemNow = () => new Date()

export function CardDepositForm({
  limit,
  onDeposit,
  onThreeDs,
  now = systemNow,
  newKey = newIdempotencyKey,
}: CardDepositFormProps) {
  const schema = useMemo(() => cardDepositFormSchema(limit, now), [limit, now])
  const form = useForm<CardDepositFormValues>({
    resolver: zodResolver(schema),
    defaultValues: CARD_DEPOSIT_DEFAULTS,
    mode: 'onTouched',
  })
  const { errors, isSubmitting } = form.formState
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'none' })
  const [threeDsBusy, setThreeDsBusy] = useState<'confirm' | 'cancel' | null>(null)
  const resultPanel = useRef<HTMLDivElement | null>(null)
  const number = useWatch({ control: form.control, name: 'card_number' })
  const brand = cardBrand(number)

  // A result is announced and takes the focus, so a keyboard or screen-reader user lands on it.
  useEffect(() => {
    if (outcome.kind === 'success') resultPanel.current?.focus()
  }, [outcome.kind])

  const submit = form.handleSubmit(async (values) => {
    setOutcome({ kind: 'none' })
    try {
      setOutcome(outcomeOf(await onDeposit(cardDepositRequest(values), newKey())))
    } catch (error) {
      let fieldMessage = false
      for (const field of ['card_number', 'expiry', 'cvc', 'name', 'amount'] as const) {
        const message = fieldError(error, field)
        if (message) {
          form.setError(field, { message })
          fieldMessage = true
        }
      }
      // A field the server refused is said beside it; anything else (a decline, a limit, the network) above the
      // button.
      if (!fieldMessage) setOutcome({ kind: 'problem', message: errorMessage(error) })
    }
  })

  const decideThreeDs = async (approve: boolean) => {
    if (outcome.kind !== 'three_ds') return
    setThreeDsBusy(approve ? 'confirm' : 'cancel')
    try {
      const next = outcomeOf(await onThreeDs(outcome.deposit.id, approve))
      setOutcome(
        next.kind === 'three_ds' ? { kind: 'problem', message: DEPOSIT_MESSAGES.THREE_DS_FAILED } : next,
      )
    } catch (error) {
      setOutcome({ kind: 'problem', message: errorMessage(error) })
    } finally {
      setThreeDsBusy(null)
    }
  }

  if (outcome.kind === 'success') {
    const { deposit } = outcome
    return (
      <div ref={resultPanel} tabIndex={-1} className={grid({ gap: '4', outline: 'none' })}>
        <AlertBox
          variant="success"
          title={DEPOSIT_MESSAGES.COMPLETED}
          description={
            <>
              {formatAmount(deposit.amount)}
              {deposit.card ? ` from ${maskedCard(deposit.card.brand, deposit.card.last4)}` : ''} was added to
              your balance. Reference{' '}
              <Box as="span" fontFamily="mono">
                {deposit.reference}
              </Box>
              .
            </>
          }
        />
        <div className={wrap({ gap: '2' })}>
          <Button
            variant="outline"
            onClick={() => {
              form.reset(CARD_DEPOSIT_DEFAULTS)
              setOutcome({ kind: 'none' })
            }}
          >
            Make another deposit
          </Button>
          <Link to="/mt4" className={button({ variant: 'solid' })}>
            Go to trading
          </Link>
        </div>
      </div>
    )
  }

  const cardNumber = form.register('card_number')
  const expiry = form.register('expiry')
  const amountHelp = `USD, from ${formatAmount(limit.min)} to ${formatAmount(limit.max)}.`
  const quickAmounts = QUICK_AMOUNTS.filter((amount) => amount >= limit.min && amount <= limit.max)
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className={grid({ gap: '4' })}>
      <TextField
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 5678 9012 3456"
        error={errors.card_number?.message}
        helperText={
          <HStack as="span" aria-live="polite" display="inline-flex" gap="1">
            <CreditCard size={14} aria-hidden="true" />
            {brand ? (
              <span data-testid="card-brand">{CARD_BRAND_NAMES[brand]}</span>
            ) : (
              'Visa, Mastercard, American Express or Discover'
            )}
          </HStack>
        }
        {...cardNumber}
        onChange={(event) => {
          event.currentTarget.value = formatCardNumber(event.currentTarget.value)
          void cardNumber.onChange(event)
        }}
      />
      <div className={grid({ gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: '3' })}>
        <TextField
          label="Expiry"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          maxLength={5}
          error={errors.expiry?.message}
          {...expiry}
          onChange={(event) => {
            const previous = form.getValues('expiry')
            event.currentTarget.value = formatExpiryInput(event.currentTarget.value, previous)
            void expiry.onChange(event)
          }}
        />
        <TextField
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder={brand === 'amex' ? '1234' : '123'}
          maxLength={cvcLength(brand)}
          error={errors.cvc?.message}
          {...form.register('cvc')}
        />
      </div>
      <TextField
        label="Name on card"
        autoComplete="cc-name"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={100}
        error={errors.name?.message}
        {...form.register('name')}
      />
      <div className={grid({ gap: '2' })}>
        <TextField
          label="Amount"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          helperText={amountHelp}
          error={errors.amount?.message}
          {...form.register('amount')}
        />
        {quickAmounts.length > 0 ? (
          <div role="group" aria-label="Quick picks in USD" className={wrap({ gap: '2' })}>
            {quickAmounts.map((amount) => (
              <Button
                key={amount}
                type="button"
                variant="outline"
                size="xs"
                onClick={() => form.setValue('amount', String(amount), { shouldValidate: true })}
              >
                {formatAmount(amount).replace('.00', '')}
              </Button>
            ))}
          </div>
        ) : null}
      </div>
      {outcome.kind === 'problem' ? (
        <AlertBox variant="destructive" title={outcome.message} data-testid="card-deposit-problem" />
      ) : null}
      <Button type="submit" size="lg" fullWidth loading={isSubmitting} loadingText="Processing...">
        Deposit
      </Button>
      <p className={hstack({ gap: '1.5', fontSize: 'xs', color: 'text.muted' })}>
        <Lock size={14} aria-hidden="true" />
        Card details go straight to the payment provider; only the brand, the last four digits and the expiry
        are kept.
      </p>
      <ThreeDsDialog
        deposit={outcome.kind === 'three_ds' ? outcome.deposit : null}
        busy={threeDsBusy}
        onDecide={(approve) => void decideThreeDs(approve)}
      />
    </form>
  )
}
