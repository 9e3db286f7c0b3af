import { CreditCard, RotateCcw, ShieldCheck, Zap, type LucideIcon } from 'lucide-react'
import { css } from 'styled-system/css'
import { Flex } from 'styled-system/jsx'
import { grid } from 'styled-system/patterns'
import type { Limit } from '../../../domain/contract/funds-options'
import { formatAmount } from '../../../domain/format/currency'
import { useConfirmThreeDs } from '../api/confirm-three-ds'
import { useDepositByCard } from '../api/deposit-by-card'
import { useFundsOptions } from '../api/get-funds-options'
import { CardDepositForm } from './card-deposit-form'
import { LoadFailed, Loading } from './load-state'
import { FundsSection } from './section'
import { Text } from '../../../components/ui/text'

// /main/deposit/card: the card form with the operator's card limits, wired to the API, and beside it (below on a
// phone) what a customer wants to know before typing a card number.

function Fact(props: { icon: LucideIcon; title: string; children: string }) {
  return (
    <Flex as="li" gap="3">
      <props.icon
        size={18}
        aria-hidden="true"
        className={css({ flexShrink: 0, mt: '0.5', color: 'accent' })}
      />
      <div>
        <Text weight="semibold" size="sm">
          {props.title}
        </Text>
        <Text size="sm" tone="muted">
          {props.children}
        </Text>
      </div>
    </Flex>
  )
}

function CardFacts(props: { limit: Limit | undefined }) {
  return (
    <FundsSection title="About card deposits">
      <ul className={grid({ gap: '4' })}>
        <Fact icon={Zap} title="Credited at once">
          The amount is on your balance as soon as your bank accepts the payment, ready to trade.
        </Fact>
        <Fact icon={CreditCard} title="Limits">
          {props.limit
            ? `From ${formatAmount(props.limit.min)} to ${formatAmount(props.limit.max)} per deposit, in USD. No fee from us.`
            : 'Per deposit, in USD. No fee from us.'}
        </Fact>
        <Fact icon={ShieldCheck} title="3-D Secure">
          Your bank may ask you to confirm the payment. We never store the card number or the CVC.
        </Fact>
        <Fact icon={RotateCcw} title="Withdrawals">
          A withdrawal by card goes back to a card you deposited with.
        </Fact>
      </ul>
    </FundsSection>
  )
}

export function CardDeposit() {
  const options = useFundsOptions()
  const deposit = useDepositByCard()
  const threeDs = useConfirmThreeDs()
  return (
    <div
      className={grid({
        gap: '6',
        alignItems: 'start',
        gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'minmax(0, 34rem) minmax(0, 1fr)' },
      })}
    >
      <FundsSection
        title="Pay by card"
        description="Visa, Mastercard, American Express or Discover."
        testId="card-deposit"
      >
        {options.isPending ? (
          <Loading label="Loading the card limits" />
        ) : options.isError ? (
          <LoadFailed what="The card form" error={options.error} onRetry={() => void options.refetch()} />
        ) : (
          <CardDepositForm
            limit={options.data.limits.card}
            onDeposit={(card, idempotencyKey) => deposit.mutateAsync({ card, idempotencyKey })}
            onThreeDs={(depositId, approve) => threeDs.mutateAsync({ depositId, approve })}
          />
        )}
      </FundsSection>
      <CardFacts limit={options.data?.limits.card} />
    </div>
  )
}
