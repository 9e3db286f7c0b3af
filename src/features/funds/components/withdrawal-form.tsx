import { zodResolver } from '@hookform/resolvers/zod'
import { Bitcoin, CreditCard, Landmark, type LucideIcon } from 'lucide-react'
import { useMemo, useRef, useState, type FormEvent } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { css } from 'styled-system/css'
import { Box, Grid } from 'styled-system/jsx'
import { grid, hstack } from 'styled-system/patterns'
import { AlertBox } from '../../../components/ui/alert-box'
import { Button } from '../../../components/ui/button'
import * as Card from '../../../components/ui/card'
import { FormField } from '../../../components/ui/form-field'
import { FormSelect } from '../../../components/ui/form-select'
import {
  WITHDRAWAL_METHODS,
  type WithdrawalMethod,
  type WithdrawalRequest,
} from '../../../domain/contract/withdrawals'
import { findCoin, findNetwork } from '../../../domain/contract/funds-common'
import { type FundsOptions } from '../../../domain/contract/funds-options'
import { type FundsSummary } from '../../../domain/contract/funds-summary'
import { formatAmount } from '../../../domain/format/currency'
import { maskedCard } from '../../../domain/funds/card'
import { ADDRESS_PLACEHOLDERS } from '../../../domain/funds/crypto-address'
import { WITHDRAWAL_METHOD_LABELS } from '../../../domain/funds/transaction-labels'
import {
  WITHDRAWAL_FORM_DEFAULTS,
  cardExpiryText,
  withdrawalFormSchema,
  type WithdrawalAmountContext,
  type WithdrawalCard,
  type WithdrawalFormValues,
} from '../../../domain/funds/withdrawal-form'
import { withdrawableLimitedBy, withdrawableNow } from '../../../domain/funds/withdrawable'
import { HttpError } from '../../../lib/http'
import { errorMessage, fieldError, newIdempotencyKey } from '../../../lib/error-message'
import { AmountWithMax } from './amount-with-max'

// The withdrawal request (decision 0019): how much, checked as it is typed against "withdrawable now" and the limits
// with a sentence saying exactly why an amount is refused, and where to: back to a card deposited with, a crypto
// address valid on its network, or a bank account. The Idempotency-Key belongs to one submission attempt: sent
// again only when the very same request is retried after its answer was lost, so it cannot be reserved twice.

export interface WithdrawalFormProps {
  /** At this tab's live prices when the route has them; the server's figures otherwise. */
  summary: FundsSummary
  limit: FundsOptions['limits']['withdrawal']
  coins: FundsOptions['coins']
  cards: readonly WithdrawalCard[]
  /** Sends the request; resolves with the server's sentence, rejects with its error. */
  onRequest: (withdrawal: WithdrawalRequest, idempotencyKey: string) => Promise<{ message: string }>
  /** After a request was stored (a toast, typically). */
  onRequested?: (message: string) => void
  /**
   * The id of the element saying why no withdrawal can be requested now (the verification it needs): every control
   * is shut and points there, rather than taking a request the server refuses.
   */
  closedBy?: string
}

const METHOD_ICONS: Readonly<Record<WithdrawalMethod, LucideIcon>> = {
  card: CreditCard,
  crypto: Bitcoin,
  bank: Landmark,
}

const formatUsd = (amountUsd: number) => formatAmount(amountUsd)

const methodOption = hstack({
  gap: '2.5',
  px: '3',
  py: '2.5',
  minH: '11',
  rounded: 'control',
  borderWidth: '1px',
  borderColor: 'border.control',
  cursor: 'pointer',
  fontSize: 'sm',
  fontWeight: 'medium',
  _hover: { bg: 'bg.hover' },
  '&:has(input:checked)': { borderColor: 'accent', bg: 'accent.subtle' },
  '&:has(input:focus-visible)': { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
  '& input': { accentColor: 'var(--colors-accent-solid)', w: '4', h: '4', flexShrink: 0, m: '0' },
  '& svg': { flexShrink: 0, color: 'text.muted' },
})

export function WithdrawalForm(props: WithdrawalFormProps) {
  const { summary, limit, cards } = props
  const [serverError, setServerError] = useState<string | null>(null)
  // The attempt whose answer is not known yet: its key goes again with the same request, never with another.
  const attempt = useRef<{ key: string; body: string } | null>(null)

  const context: WithdrawalAmountContext & { hasCards: boolean } = useMemo(() => {
    const input = { balance: summary.balance, equity: summary.equity, margin: summary.margin }
    return {
      withdrawableUsd: withdrawableNow(input),
      limitedBy: withdrawableLimitedBy(input),
      limit,
      marginUsd: summary.margin,
      reservedUsd: summary.reserved,
      savingsUsd: summary.savings,
      formatUsd,
      hasCards: cards.length > 0,
    }
  }, [
    summary.balance,
    summary.equity,
    summary.margin,
    summary.reserved,
    summary.savings,
    limit,
    cards.length,
  ])
  const schema = useMemo(() => withdrawalFormSchema(context), [context])

  const form = useForm<WithdrawalFormValues, unknown, WithdrawalRequest>({
    resolver: zodResolver(schema),
    defaultValues: {
      ...WITHDRAWAL_FORM_DEFAULTS,
      method: cards.length > 0 ? 'card' : 'crypto',
      card_deposit_id: cards[0] ? String(cards[0].depositId) : '',
    },
    mode: 'onTouched',
  })
  const { errors } = form.formState
  const [method, coinSlug, networkId] = useWatch({
    control: form.control,
    name: ['method', 'coin', 'network'],
  })
  const coin = findCoin(coinSlug)
  const network = coin ? findNetwork(coin, networkId) : undefined

  const cardOptions = useMemo(
    () =>
      cards.map((card) => ({
        value: String(card.depositId),
        label: `${maskedCard(card.brand, card.last4)} · expires ${cardExpiryText(card.expMonth, card.expYear)}`,
      })),
    [cards],
  )
  const coinOptions = props.coins.map((option) => ({
    value: option.slug,
    label: `${option.name} (${option.code})`,
  }))
  const networkOptions =
    props.coins
      .find((option) => option.slug === coinSlug)
      ?.networks.map((option) => ({ value: option.id, label: option.name })) ?? []

  // handleSubmit is called in the event, not at render: the attempt's key is read when the customer submits.
  const submit = (event: FormEvent<HTMLFormElement>) =>
    form.handleSubmit(async (request) => {
      const body = JSON.stringify(request)
      const key = attempt.current?.body === body ? attempt.current.key : newIdempotencyKey()
      attempt.current = { key, body }
      setServerError(null)
      try {
        const result = await props.onRequest(request, key)
        attempt.current = null
        form.reset({ ...form.getValues(), amount: '' })
        props.onRequested?.(result.message)
      } catch (error) {
        // An answer settles the attempt; a lost one (offline, time-out, 5xx) keeps its key for the retry.
        if (error instanceof HttpError && error.status >= 400 && error.status < 500) attempt.current = null
        const amountError = fieldError(error, 'amount')
        if (amountError)
          form.setError('amount', { type: 'server', message: amountError }, { shouldFocus: true })
        else setServerError(errorMessage(error))
      }
    })(event)

  const amountHelp =
    context.withdrawableUsd > 0
      ? `In USD. Up to ${formatUsd(context.withdrawableUsd)} now; ${formatUsd(limit.min)} to ${formatUsd(limit.max)} per request.`
      : `In USD. Nothing can be withdrawn now; ${formatUsd(limit.min)} to ${formatUsd(limit.max)} per request.`

  return (
    <Card.Root aria-labelledby="withdrawal-form-title">
      <Card.Header>
        <Card.Title asChild>
          <h2 id="withdrawal-form-title">Request a withdrawal</h2>
        </Card.Title>
        <Card.Description>
          The amount is reserved as soon as you ask, so open trades cannot spend it while we review your
          request.
        </Card.Description>
      </Card.Header>
      <Card.Body>
        <form noValidate aria-labelledby="withdrawal-form-title" onSubmit={(event) => void submit(event)}>
          {/* One disabled fieldset shuts every control inside it, the selects' triggers and the buttons too. */}
          <fieldset
            disabled={props.closedBy !== undefined}
            aria-describedby={props.closedBy}
            className={grid({ gap: '5', minW: '0' })}
          >
            <fieldset className={grid({ gap: '2', minW: '0' })}>
              <Box as="legend" textStyle="label" mb="2">
                Send the money to
              </Box>
              <div
                className={grid({
                  gap: '2',
                  gridTemplateColumns: { base: '1fr', sm: 'repeat(3, minmax(0, 1fr))' },
                })}
              >
                {WITHDRAWAL_METHODS.map((option) => {
                  const Icon = METHOD_ICONS[option]
                  return (
                    <label key={option} className={methodOption}>
                      <input type="radio" value={option} {...form.register('method')} />
                      <Icon size={18} aria-hidden="true" />
                      {WITHDRAWAL_METHOD_LABELS[option]}
                    </label>
                  )
                })}
              </div>
            </fieldset>

            {method === 'card' ? (
              cards.length > 0 ? (
                <FormSelect
                  control={form.control}
                  name="card_deposit_id"
                  label="Card"
                  options={cardOptions}
                  placeholder="Choose a card"
                  description="Money goes back only to a card you deposited with."
                />
              ) : (
                <AlertBox
                  variant={errors.card_deposit_id ? 'warning' : 'default'}
                  title="No card to send money back to"
                  description="Withdrawals go back only to a card you deposited with. Choose a crypto address or a bank account instead."
                />
              )
            ) : null}

            {method === 'crypto' ? (
              <Grid gap="4">
                <Grid gap="4" gridTemplateColumns={{ base: '1fr', sm: '1fr 1fr' }}>
                  <FormSelect
                    control={form.control}
                    name="coin"
                    label="Coin"
                    options={coinOptions}
                    onValueChange={(next) => {
                      // A coin's networks are its own: start from its first one.
                      const first = findCoin(next)?.networks[0]
                      if (first) form.setValue('network', first.id)
                      if (form.getValues('address')) void form.trigger('address')
                    }}
                  />
                  <FormSelect
                    control={form.control}
                    name="network"
                    label="Network"
                    options={networkOptions}
                    onValueChange={() => {
                      if (form.getValues('address')) void form.trigger('address')
                    }}
                  />
                </Grid>
                <FormField
                  control={form.control}
                  name="address"
                  label="Address"
                  autoComplete="off"
                  autoCapitalize="off"
                  autoCorrect="off"
                  spellCheck={false}
                  placeholder={network ? ADDRESS_PLACEHOLDERS[network.format] : undefined}
                  className={css({ fontFamily: 'mono' })}
                  description={
                    coin && network
                      ? `Your ${coin.code} address on ${network.name}. Sending to another network loses the coins.`
                      : undefined
                  }
                />
              </Grid>
            ) : null}

            {method === 'bank' ? (
              <Grid gap="4" gridTemplateColumns={{ base: '1fr', sm: '1fr 1fr' }}>
                <FormField control={form.control} name="holder" label="Account holder" autoComplete="name" />
                <FormField control={form.control} name="bank_name" label="Bank name" autoComplete="off" />
                <FormField
                  control={form.control}
                  name="iban"
                  label="IBAN or account number"
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                />
                <FormField
                  control={form.control}
                  name="bic"
                  label="BIC / SWIFT (optional)"
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                />
              </Grid>
            ) : null}

            <AmountWithMax
              control={form.control}
              name="amount"
              description={amountHelp}
              maxDisabled={context.withdrawableUsd <= 0}
              onMax={() =>
                form.setValue('amount', Math.min(context.withdrawableUsd, limit.max).toFixed(2), {
                  shouldValidate: true,
                  shouldDirty: true,
                  shouldTouch: true,
                })
              }
            />

            {serverError ? <AlertBox variant="destructive" title={serverError} /> : null}

            <Button
              type="submit"
              size="lg"
              loading={form.formState.isSubmitting}
              loadingText="Requesting..."
              className={css({ justifySelf: { base: 'stretch', sm: 'start' } })}
            >
              Request withdrawal
            </Button>
          </fieldset>
        </form>
      </Card.Body>
    </Card.Root>
  )
}
