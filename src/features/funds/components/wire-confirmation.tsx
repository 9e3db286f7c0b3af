import { Link } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { Box } from 'styled-system/jsx'
import { grid, wrap } from 'styled-system/patterns'
import { button } from 'styled-system/recipes'
import { AlertBox } from '../../../components/ui/alert-box'
import { DEPOSIT_MESSAGES, type Deposit } from '../../../domain/contract/deposits'
import { formatAmount } from '../../../domain/format/currency'
import { useDeposits } from '../api/get-deposits'
import { AskAboutLink } from './ask-about-link'
import { DetailList } from './detail-list'
import { LoadFailed, Loading } from './load-state'
import { FundsSection } from './section'
import { TransactionStatusChip } from './status-chip'

// /main/deposit/wire-confirmation?deposit=<id>: the wire is recorded; what happens next, its reference, and its
// status, live: the back office's approval reaches this page (funds.updated) without a reload.

const STEPS = [
  'Your bank sends the transfer. International wires take 1–3 business days.',
  'We match the money to your account by its reference.',
  'The amount is added to your balance, and you get a notification.',
]

function Outcome(props: { deposit: Deposit }) {
  const { deposit } = props
  if (deposit.status === 'completed') {
    return (
      <AlertBox
        variant="success"
        title="Your transfer has arrived."
        description={`${formatAmount(deposit.amount)} was added to your balance.`}
      />
    )
  }
  if (deposit.status === 'rejected' || deposit.status === 'failed') {
    return (
      <AlertBox
        variant="destructive"
        title="This deposit was not credited."
        description={deposit.failure_reason ?? 'Ask us about it in the support chat.'}
      />
    )
  }
  return <AlertBox variant="default" title={DEPOSIT_MESSAGES.WIRE_PENDING} />
}

export function WireConfirmation(props: { depositId: number | undefined }) {
  const deposits = useDeposits()
  if (deposits.isPending) return <Loading label="Loading your deposit" />
  if (deposits.isError) {
    return <LoadFailed what="Your deposit" error={deposits.error} onRetry={() => void deposits.refetch()} />
  }
  const deposit = deposits.data.find(
    (candidate) => candidate.id === props.depositId && candidate.method === 'wire',
  )
  if (!deposit) {
    return (
      <AlertBox
        variant="destructive"
        title="This wire deposit was not found."
        description={
          <Link to="/main/deposit/history" className={css({ textDecoration: 'underline' })}>
            See all your deposits
          </Link>
        }
      />
    )
  }
  return (
    <FundsSection
      title="Wire transfer recorded"
      actions={<TransactionStatusChip status={deposit.status} />}
      testId="wire-confirmation"
    >
      <Outcome deposit={deposit} />
      <DetailList
        details={[
          { key: 'reference', label: 'Reference', value: deposit.reference, mono: true },
          { key: 'amount', label: 'Amount', value: formatAmount(deposit.amount), copyable: false },
        ]}
      />
      <div>
        <Box as="h3" fontWeight="semibold" mb="2">
          What happens next
        </Box>
        <ol className={grid({ gap: '2', pl: '5', listStyleType: 'decimal', fontSize: 'sm' })}>
          {STEPS.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </div>
      <div className={wrap({ alignItems: 'center', gap: '2' })}>
        <Link to="/main/deposit/history" className={button({ variant: 'outline', size: 'sm' })}>
          Deposit history
        </Link>
        <AskAboutLink reference={deposit.reference} />
      </div>
    </FundsSection>
  )
}
