import { ArrowUpFromLine, Check, CircleDot, CircleX, X } from 'lucide-react'
import { useState } from 'react'
import { Box, Flex, styled, VisuallyHidden } from 'styled-system/jsx'
import { cx } from 'styled-system/css'
import { grid, wrap } from 'styled-system/patterns'
import { AlertBox } from '../../../components/ui/alert-box'
import { Button } from '../../../components/ui/button'
import { surface } from '../../../components/ui/surface'
import { DialogFrame } from '../../../components/ui/dialog-frame'
import type { Withdrawal } from '../../../domain/contract/withdrawals'
import { formatAmount, type DisplayCurrency } from '../../../domain/format/currency'
import { formatMoneyTime } from '../../../domain/funds/transaction-labels'
import {
  isCancellable,
  withdrawalTimeline,
  type TimelineState,
} from '../../../domain/funds/withdrawal-timeline'
import { errorMessage } from '../../../lib/error-message'
import { AskAboutLink } from './ask-about-link'
import { TransactionStatusChip } from './status-chip'
import { ListEmpty, referenceText } from '../../../components/ui/list-table'
import { isVoidStatus, SignedMoney } from './money-cells'
import { Text } from '../../../components/ui/text'

// The customer's withdrawal requests (decision 0019), newest first: amount, status chip, where the money goes, and a
// timeline (requested, reviewed, sent with the payout's reference); a rejection says why. 'Cancel' while in
// review, after a confirmation that says the amount comes back. Live: the page refetches on funds.updated.

export interface WithdrawalListProps {
  withdrawals: readonly Withdrawal[]
  currency: DisplayCurrency
  /** Cancels one; resolves with the server's sentence, rejects with its error. */
  onCancel: (withdrawal: Withdrawal) => Promise<{ message: string }>
  onCancelled?: (message: string) => void
}

const STEP_ICONS: Readonly<Record<TimelineState, typeof Check>> = {
  done: Check,
  current: CircleDot,
  upcoming: CircleDot,
  stopped: CircleX,
}

const stepDot = grid({
  placeItems: 'center',
  w: '5',
  h: '5',
  rounded: 'full',
  borderWidth: '1px',
  flexShrink: 0,
  '& svg': { w: '3', h: '3' },
  '&[data-state=done]': { bg: 'success.subtle', borderColor: 'success.border', color: 'success' },
  '&[data-state=current]': { bg: 'warning.subtle', borderColor: 'warning.border', color: 'warning' },
  '&[data-state=upcoming]': { bg: 'bg.raised', borderColor: 'border', color: 'text.muted' },
  '&[data-state=stopped]': { bg: 'danger.subtle', borderColor: 'danger.border', color: 'danger' },
})

const STATE_WORDS: Readonly<Record<TimelineState, string>> = {
  done: 'done',
  current: 'in progress',
  upcoming: 'to come',
  stopped: 'stopped here',
}

function Timeline(props: { withdrawal: Withdrawal }) {
  const steps = withdrawalTimeline(props.withdrawal)
  return (
    <ol aria-label="Progress" className={grid({ gap: '0' })}>
      {steps.map((step, index) => {
        const Icon = STEP_ICONS[step.state]
        const last = index === steps.length - 1
        return (
          <Flex
            as="li"
            key={step.key}
            data-testid={`withdrawal-step-${step.key}`}
            data-state={step.state}
            gap="3"
            position="relative"
            pb={last ? '0' : '3'}
          >
            {last ? null : (
              <Box
                as="span"
                aria-hidden="true"
                position="absolute"
                left="2.5"
                top="5"
                bottom="0"
                w="1px"
                bg="border"
              />
            )}
            <span className={stepDot} data-state={step.state} aria-hidden="true">
              <Icon />
            </span>
            <Box minW="0" fontSize="sm">
              <p>
                <Text as="span" weight="medium" tone={step.state === 'upcoming' ? 'muted' : 'default'}>
                  {step.label}
                </Text>
                <VisuallyHidden as="span"> ({STATE_WORDS[step.state]})</VisuallyHidden>
                {step.at ? (
                  <styled.time dateTime={step.at} color="text.muted" ml="2" fontSize="xs">
                    {formatMoneyTime(step.at)}
                  </styled.time>
                ) : null}
              </p>
              {step.detail ? (
                <Box
                  as="p"
                  color="text.muted"
                  fontSize="xs"
                  overflowWrap="anywhere"
                  data-testid={
                    step.key === 'payout' && step.state === 'done' ? 'payout-reference' : undefined
                  }
                >
                  {step.detail}
                </Box>
              ) : null}
            </Box>
          </Flex>
        )
      })}
    </ol>
  )
}

function CancelDialog(props: {
  withdrawal: Withdrawal | null
  currency: DisplayCurrency
  onOpenChange: (open: boolean) => void
  onConfirm: (withdrawal: Withdrawal) => Promise<unknown>
}) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const { withdrawal } = props
  const confirm = async () => {
    if (!withdrawal) return
    setBusy(true)
    setError(null)
    try {
      await props.onConfirm(withdrawal)
      props.onOpenChange(false)
    } catch (cause) {
      setError(errorMessage(cause))
    } finally {
      setBusy(false)
    }
  }
  return (
    <DialogFrame
      open={withdrawal !== null}
      onOpenChange={(open) => {
        if (!open) setError(null)
        props.onOpenChange(open)
      }}
      title="Cancel this withdrawal?"
      description="The reserved amount goes back to your balance at once."
      size="sm"
      footer={
        <>
          <Button variant="outline" onClick={() => props.onOpenChange(false)} disabled={busy}>
            Keep it
          </Button>
          <Button variant="danger" loading={busy} loadingText="Cancelling..." onClick={() => void confirm()}>
            Cancel withdrawal
          </Button>
        </>
      }
    >
      {withdrawal ? (
        <Box as="p" fontSize="sm" overflowWrap="anywhere">
          <Text as="span" numeric weight="semibold">
            {formatAmount(withdrawal.amount, props.currency)}
          </Text>{' '}
          to {withdrawal.destination} · <span className={referenceText}>{withdrawal.reference}</span>
        </Box>
      ) : null}
      {error ? (
        <Box mt="3">
          <AlertBox variant="destructive" title={error} />
        </Box>
      ) : null}
    </DialogFrame>
  )
}

const item = cx(surface(), grid({ gap: '3', p: { base: '4', md: '5' } }))

export function WithdrawalList(props: WithdrawalListProps) {
  const [cancelling, setCancelling] = useState<Withdrawal | null>(null)
  if (props.withdrawals.length === 0)
    return (
      <ListEmpty
        icon={ArrowUpFromLine}
        title="No withdrawals yet"
        description="Your requests appear here with their status, updated as they move."
      />
    )
  return (
    <>
      <ul className={grid({ gap: '3' })} data-testid="withdrawal-list">
        {props.withdrawals.map((withdrawal) => (
          <li
            key={withdrawal.id}
            className={item}
            data-testid="withdrawal-item"
            data-reference={withdrawal.reference}
            aria-labelledby={`withdrawal-${withdrawal.id}-title`}
          >
            <div className={wrap({ alignItems: 'center', gap: '2', justifyContent: 'space-between' })}>
              <div className={wrap({ alignItems: 'center', gap: '3', minW: '0' })}>
                <Box as="h3" id={`withdrawal-${withdrawal.id}-title`} fontSize="lg" fontWeight="semibold">
                  <SignedMoney
                    amountUsd={-withdrawal.amount}
                    currency={props.currency}
                    voided={isVoidStatus(withdrawal.status)}
                  />
                  <VisuallyHidden as="span"> withdrawal {withdrawal.reference}</VisuallyHidden>
                </Box>
                <TransactionStatusChip status={withdrawal.status} />
              </div>
              {isCancellable(withdrawal) ? (
                <Button size="sm" variant="outline" onClick={() => setCancelling(withdrawal)}>
                  <X size={16} aria-hidden="true" />
                  Cancel
                </Button>
              ) : null}
            </div>
            <Box as="p" fontSize="sm" color="text.muted" overflowWrap="anywhere">
              To{' '}
              <Text as="span" tone="default">
                {withdrawal.destination}
              </Text>{' '}
              · <span className={referenceText}>{withdrawal.reference}</span>
            </Box>
            {withdrawal.status === 'rejected' && withdrawal.reason ? (
              <AlertBox
                variant="destructive"
                title="Rejected"
                description={withdrawal.reason}
                data-testid="withdrawal-reason"
                role="note"
              />
            ) : null}
            <Timeline withdrawal={withdrawal} />
            <Flex justifyContent="flex-end" mt="-1">
              <AskAboutLink reference={withdrawal.reference} />
            </Flex>
          </li>
        ))}
      </ul>
      <CancelDialog
        withdrawal={cancelling}
        currency={props.currency}
        onOpenChange={(open) => {
          if (!open) setCancelling(null)
        }}
        onConfirm={async (withdrawal) => {
          const result = await props.onCancel(withdrawal)
          props.onCancelled?.(result.message)
        }}
      />
    </>
  )
}
