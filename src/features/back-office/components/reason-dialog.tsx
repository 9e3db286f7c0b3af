import { zodResolver } from '@hookform/resolvers/zod'
import { useState, type ReactNode } from 'react'
import { useForm } from 'react-hook-form'
import { Text } from '../../../components/ui/text'
import { FormTextArea } from '../../../components/ui/form-text-area'
import { REASON_MAX_LENGTH, ReasonFormSchema, type ReasonForm } from '../../../domain/back-office/reasons'
import { errorMessage, fieldError } from '../../../lib/error-message'
import { DialogForm, FormDialog, useBusy } from './form-dialog'

// A dangerous step an admin confirms with a required reason (rejecting a client's request, deactivating an
// account): what it does, the reason, and the server's refusal as it is. Nothing is sent without a reason.

export interface ReasonDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  /** What confirming does, read before the reason. */
  intro: ReactNode
  helperText?: string
  submitLabel: string
  loadingText: string
  /** Sends it with the reason; resolves when done (the dialog then closes), rejects with the server's error. */
  onConfirm: (reason: string) => Promise<unknown>
}

function ReasonDialogForm(
  props: Pick<ReasonDialogProps, 'intro' | 'helperText' | 'onConfirm'> & {
    formId: string
    track: <T>(work: () => Promise<T>) => Promise<T>
    onDone: () => void
  },
) {
  const [serverError, setServerError] = useState<string | null>(null)
  const form = useForm<ReasonForm>({ resolver: zodResolver(ReasonFormSchema), defaultValues: { reason: '' } })
  const submit = form.handleSubmit(async ({ reason }) => {
    setServerError(null)
    try {
      await props.track(() => props.onConfirm(reason))
      props.onDone()
    } catch (error) {
      setServerError(errorMessage(error))
      const reasonError = fieldError(error, 'reason')
      if (reasonError) form.setError('reason', { message: reasonError })
    }
  })
  return (
    <DialogForm formId={props.formId} onSubmit={submit} serverError={serverError}>
      <Text size="sm" tone="muted">
        {props.intro}
      </Text>
      <FormTextArea
        control={form.control}
        name="reason"
        label="Reason"
        required
        rows={3}
        maxLength={REASON_MAX_LENGTH}
        description={props.helperText}
      />
    </DialogForm>
  )
}

export function ReasonDialog(props: ReasonDialogProps) {
  const [busy, track] = useBusy()
  return (
    <FormDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={props.title}
      size="sm"
      submitLabel={props.submitLabel}
      loadingText={props.loadingText}
      submitVariant="danger"
      busy={busy}
    >
      {(formId) => (
        <ReasonDialogForm
          formId={formId}
          intro={props.intro}
          helperText={props.helperText}
          onConfirm={props.onConfirm}
          track={track}
          onDone={() => props.onOpenChange(false)}
        />
      )}
    </FormDialog>
  )
}
