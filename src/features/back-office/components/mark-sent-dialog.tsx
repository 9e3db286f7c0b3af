import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { type z } from 'zod'
import { TextField } from '../../../components/ui/input'
import { Text } from '../../../components/ui/text'
import { WithdrawalSentRequestSchema } from '../../../domain/contract/withdrawals'
import { errorMessage, fieldError } from '../../../lib/error-message'
import { DialogForm, FormDialog, useBusy } from './form-dialog'

// 'Mark sent' (decision 0019): an approved withdrawal was paid out; the payout's reference (a bank transfer's id, a
// transaction hash) is what the customer reads beside 'Sent' and what support looks the payment up by.

export interface MarkSentDialogProps {
  /** What is being marked, for the admin to check: 'WD-000012 · $250.00 to Visa •••• 4242'. Null closes. */
  detail: string | null
  onOpenChange: (open: boolean) => void
  /** Sends it; resolves when saved (the dialog then closes), rejects with the server's error. */
  onMarkSent: (payoutReference: string) => Promise<unknown>
}

type MarkSentForm = z.input<typeof WithdrawalSentRequestSchema>

function MarkSentForm(
  props: Omit<MarkSentDialogProps, 'detail'> & {
    detail: string
    formId: string
    track: <T>(work: () => Promise<T>) => Promise<T>
  },
) {
  const [serverError, setServerError] = useState<string | null>(null)
  const form = useForm<MarkSentForm>({
    resolver: zodResolver(WithdrawalSentRequestSchema),
    defaultValues: { payout_reference: '' },
  })
  const submit = form.handleSubmit(async ({ payout_reference }) => {
    setServerError(null)
    try {
      await props.track(() => props.onMarkSent(payout_reference))
      props.onOpenChange(false)
    } catch (error) {
      setServerError(errorMessage(error))
      const referenceError = fieldError(error, 'payout_reference')
      if (referenceError) form.setError('payout_reference', { message: referenceError })
    }
  })
  return (
    <DialogForm formId={props.formId} onSubmit={submit} serverError={serverError}>
      <Text size="sm" tone="muted">
        {props.detail}
      </Text>
      <TextField
        label="Payout reference"
        autoComplete="off"
        required
        maxLength={100}
        helperText="The bank transfer's id or the transaction hash. The customer sees it."
        error={form.formState.errors.payout_reference?.message}
        {...form.register('payout_reference')}
      />
    </DialogForm>
  )
}

export function MarkSentDialog(props: MarkSentDialogProps) {
  const [busy, track] = useBusy()
  return (
    <FormDialog
      open={props.detail !== null}
      onOpenChange={props.onOpenChange}
      title="Mark withdrawal sent"
      size="sm"
      submitLabel="Mark sent"
      loadingText="Saving..."
      busy={busy}
    >
      {(formId) => (
        <MarkSentForm
          formId={formId}
          detail={props.detail ?? ''}
          onOpenChange={props.onOpenChange}
          onMarkSent={props.onMarkSent}
          track={track}
        />
      )}
    </FormDialog>
  )
}
