import { zodResolver } from '@hookform/resolvers/zod'
import { useMemo, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { css } from 'styled-system/css'
import { AmountField } from '../../../components/ui/amount-field'
import { FormSelect } from '../../../components/ui/form-select'
import { Text } from '../../../components/ui/text'
import { FormTextArea } from '../../../components/ui/form-text-area'
import { ADJUSTMENT_KINDS, type AdjustmentKind } from '../../../domain/contract/ledger'
import {
  ADJUSTMENT_KIND_LABELS,
  adjustBalanceFormSchema,
  adjustmentPreview,
  kindTakesUnsignedAmount,
  signedAdjustmentAmount,
  type AdjustBalanceForm,
} from '../../../domain/back-office/adjustment'
import { formatAmount, formatSignedAmount } from '../../../domain/format/currency'
import { signTone } from '../../../domain/format/numbers'
import { errorMessage, fieldError } from '../../../lib/error-message'
import { newIdempotencyKey } from '../../../lib/error-message'
import { DetailList } from '../../../components/ui/detail-list'
import { DialogForm, FormDialog, useBusy } from './form-dialog'

// Adjust a client's balance (decision 0017): kind, amount and reason, with the balance before and after as the admin
// types. The Idempotency-Key is made once when the dialog opens (its content mounts on open) and sent again by
// every retry from it, so a retry after a lost answer cannot move the money twice.

export interface AdjustmentSubmission {
  /** Signed by kind, two decimals. */
  amount: string
  kind: AdjustmentKind
  reason: string
  idempotencyKey: string
}

export interface AdjustBalanceDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  clientName: string
  balanceUsd: number
  /** Sends the adjustment; resolves when the server booked it (the dialog then closes), rejects with its error. */
  onAdjust: (submission: AdjustmentSubmission) => Promise<unknown>
}

const KIND_ITEMS = ADJUSTMENT_KINDS.map((kind) => ({ value: kind, label: ADJUSTMENT_KIND_LABELS[kind] }))

const AMOUNT_HELP: Readonly<Record<AdjustmentKind, string>> = {
  deposit: 'In USD. Added to the balance.',
  withdrawal: 'In USD. Taken from the balance.',
  credit: 'In USD. Added to the balance.',
  correction: 'In USD. Type a minus sign to take money out, e.g. -12.50.',
}

function AdjustBalanceForm(
  props: Omit<AdjustBalanceDialogProps, 'open' | 'clientName'> & {
    formId: string
    track: <T>(work: () => Promise<T>) => Promise<T>
  },
) {
  // One key per opening: this component mounts when the dialog opens and unmounts when it closes.
  const [idempotencyKey] = useState(newIdempotencyKey)
  const [serverError, setServerError] = useState<string | null>(null)
  const schema = useMemo(() => adjustBalanceFormSchema(props.balanceUsd), [props.balanceUsd])
  const form = useForm<AdjustBalanceForm>({
    resolver: zodResolver(schema),
    defaultValues: { kind: 'deposit', amount: '', reason: '' },
  })
  const kind = useWatch({ control: form.control, name: 'kind' })
  const amount = useWatch({ control: form.control, name: 'amount' })
  const preview = adjustmentPreview(props.balanceUsd, kind, amount)

  const submit = form.handleSubmit(async (values) => {
    const parsed = signedAdjustmentAmount(values.kind, values.amount)
    if (!parsed.ok) return
    setServerError(null)
    try {
      const submission = { amount: parsed.wire, kind: values.kind, reason: values.reason, idempotencyKey }
      await props.track(() => props.onAdjust(submission))
      props.onOpenChange(false)
    } catch (error) {
      setServerError(errorMessage(error))
      const amountError = fieldError(error, 'amount')
      if (amountError) form.setError('amount', { message: amountError })
      const reasonError = fieldError(error, 'reason')
      if (reasonError) form.setError('reason', { message: reasonError })
    }
  })

  const afterText = preview.afterUsd === null ? '—' : formatAmount(preview.afterUsd)
  const changeText = preview.amountUsd === null ? '—' : formatSignedAmount(preview.amountUsd)
  return (
    <DialogForm formId={props.formId} onSubmit={submit} serverError={serverError}>
      <FormSelect
        control={form.control}
        name="kind"
        label="Kind"
        options={KIND_ITEMS}
        placeholder="Choose a kind"
        onValueChange={() => {
          // The same figure may be valid for one kind and not another (a signed correction).
          if (form.formState.isSubmitted) void form.trigger('amount')
        }}
      />
      <AmountField
        control={form.control}
        name="amount"
        label="Amount"
        placeholder={kindTakesUnsignedAmount(kind) ? '0.00' : '-0.00'}
        description={AMOUNT_HELP[kind]}
      />
      <DetailList
        kind="record"
        className={css({ bg: 'bg.raised', rounded: 'control', px: '3', py: '1' })}
        rows={[
          {
            key: 'balance-before',
            label: 'Balance before',
            value: formatAmount(preview.beforeUsd),
            numeric: true,
          },
          {
            key: 'adjustment',
            label: 'Adjustment',
            value: (
              <Text as="span" numeric tone={preview.amountUsd === null ? 'muted' : signTone(changeText)}>
                {changeText}
              </Text>
            ),
          },
          {
            key: 'balance-after',
            label: 'Balance after',
            value: (
              <Text
                as="span"
                numeric
                tone={preview.afterUsd !== null && preview.afterUsd < 0 ? 'danger' : undefined}
                aria-live="polite"
              >
                {afterText}
              </Text>
            ),
          },
        ]}
      />
      <FormTextArea
        control={form.control}
        name="reason"
        label="Reason"
        rows={2}
        description="Kept in the ledger and the audit log."
        maxLength={500}
      />
    </DialogForm>
  )
}

export function AdjustBalanceDialog(props: AdjustBalanceDialogProps) {
  const [busy, track] = useBusy()
  return (
    <FormDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title="Adjust balance"
      description={`A deposit, withdrawal, credit or correction on ${props.clientName}'s account.`}
      submitLabel="Apply adjustment"
      loadingText="Applying..."
      busy={busy}
    >
      {(formId) => (
        <AdjustBalanceForm
          formId={formId}
          balanceUsd={props.balanceUsd}
          onOpenChange={props.onOpenChange}
          onAdjust={props.onAdjust}
          track={track}
        />
      )}
    </FormDialog>
  )
}
