import { zodResolver } from '@hookform/resolvers/zod'
import { useMemo, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { AlertBox } from '../../../components/ui/alert-box'
import { Button } from '../../../components/ui/button'
import { DialogCancel, DialogFrame, DialogFrameForm } from '../../../components/ui/dialog-frame'
import { formatAmount } from '../../../domain/format/currency'
import { savingsTransferFormSchema, type SavingsDirection } from '../../../domain/funds/savings-transfer'
import { parseMoneyText } from '../../../domain/funds/withdrawal-form'
import { errorMessage, fieldError, newIdempotencyKey } from '../../../lib/error-message'
import { Text } from '../../../components/ui/text'
import { AmountWithMax } from './amount-with-max'

// 'Move to savings' and 'Move to trading' (decision 0019): an amount, checked against what can move now (the free
// margin in, the savings out), with the balances after the move. The Idempotency-Key is made when the dialog opens
// (its content mounts then) and sent again by every retry from it, so a lost answer cannot move the money twice.

export interface SavingsTransferDialogProps {
  /** Null: closed. */
  direction: SavingsDirection | null
  onOpenChange: (open: boolean) => void
  /** USD: the free margin that can move in, and the savings that can move out. */
  availableUsd: { in: number; out: number }
  savingsUsd: number
  /** Sends the move; resolves with the server's sentence, rejects with its error. */
  onTransfer: (move: {
    direction: SavingsDirection
    amount: string
    idempotencyKey: string
  }) => Promise<{ message: string }>
  onMoved?: (message: string) => void
}

const TITLES: Readonly<Record<SavingsDirection, string>> = {
  in: 'Move to savings',
  out: 'Move to trading',
}
const DESCRIPTIONS: Readonly<Record<SavingsDirection, string>> = {
  in: 'From your free margin to flexible savings. Savings earn interest and are never used as margin.',
  out: 'From savings back to your trading balance, at once. Interest accrued so far is paid with it.',
}

const formatUsd = (amountUsd: number) => formatAmount(amountUsd)

function TransferForm(
  props: Omit<SavingsTransferDialogProps, 'direction'> & { direction: SavingsDirection },
) {
  const { direction } = props
  const [idempotencyKey] = useState(newIdempotencyKey)
  const [serverError, setServerError] = useState<string | null>(null)
  const maxUsd = props.availableUsd[direction]
  const schema = useMemo(() => savingsTransferFormSchema(direction, maxUsd, formatUsd), [direction, maxUsd])
  const form = useForm<{ amount: string }, unknown, { amount: string }>({
    resolver: zodResolver(schema),
    defaultValues: { amount: '' },
    mode: 'onTouched',
  })
  const amount = useWatch({ control: form.control, name: 'amount' })
  const parsed = parseMoneyText(amount ?? '')
  const savingsAfter = parsed === null ? null : props.savingsUsd + (direction === 'in' ? parsed : -parsed)

  const submit = form.handleSubmit(async (values) => {
    setServerError(null)
    try {
      const result = await props.onTransfer({
        direction,
        amount: values.amount,
        idempotencyKey,
      })
      props.onOpenChange(false)
      props.onMoved?.(result.message)
    } catch (error) {
      const amountError = fieldError(error, 'amount')
      if (amountError)
        form.setError('amount', { type: 'server', message: amountError }, { shouldFocus: true })
      else setServerError(errorMessage(error))
    }
  })

  return (
    <DialogFrameForm
      onSubmit={submit}
      footer={
        <>
          <DialogCancel />
          <Button type="submit" loading={form.formState.isSubmitting} loadingText="Moving...">
            {TITLES[direction]}
          </Button>
        </>
      }
    >
      <AmountWithMax
        control={form.control}
        name="amount"
        description={
          maxUsd > 0
            ? `Up to ${formatUsd(maxUsd)} ${direction === 'in' ? 'of free margin' : 'in savings'}.`
            : direction === 'in'
              ? 'You have no free margin to move now.'
              : 'Your savings are empty.'
        }
        maxDisabled={maxUsd <= 0}
        onMax={() =>
          form.setValue('amount', maxUsd.toFixed(2), {
            shouldValidate: true,
            shouldDirty: true,
            shouldTouch: true,
          })
        }
      />
      <Text size="sm" tone="muted" aria-live="polite">
        Savings after the move:{' '}
        <Text as="span" tone="default" numeric>
          {savingsAfter === null || savingsAfter < 0 ? '—' : formatUsd(savingsAfter)}
        </Text>
      </Text>
      {serverError ? <AlertBox variant="destructive" title={serverError} /> : null}
    </DialogFrameForm>
  )
}

export function SavingsTransferDialog(props: SavingsTransferDialogProps) {
  const { direction } = props
  return (
    <DialogFrame
      open={direction !== null}
      onOpenChange={props.onOpenChange}
      title={direction ? TITLES[direction] : ''}
      description={direction ? DESCRIPTIONS[direction] : null}
      size="sm"
    >
      {direction ? <TransferForm {...props} direction={direction} /> : null}
    </DialogFrame>
  )
}
