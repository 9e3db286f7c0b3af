import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { Flex } from 'styled-system/jsx'
import { grid } from 'styled-system/patterns'
import { Button } from '../../../components/ui/button'
import { DialogCancel, DialogFrame } from '../../../components/ui/dialog-frame'
import { FormTextArea } from '../../../components/ui/form-text-area'
import type { QueueRequest } from '../../../domain/contract/request-queue'
import { requestTypeLabel } from '../../../domain/back-office/labels'
import { REASON_MAX_LENGTH, ReasonFormSchema, type ReasonForm } from '../../../domain/back-office/reasons'

export interface RejectRequestDialogProps {
  /** The request being rejected; null closes the dialog. */
  request: QueueRequest | null
  onOpenChange: (open: boolean) => void
  onReject: (reason: string) => void
  busy: boolean
  /** A server message about the reason (422), shown under the field. */
  reasonError?: string | undefined
}

function RejectForm(props: Omit<RejectRequestDialogProps, 'request' | 'onOpenChange'>) {
  const form = useForm<ReasonForm>({ resolver: zodResolver(ReasonFormSchema), defaultValues: { reason: '' } })
  const { setError } = form
  useEffect(() => {
    if (props.reasonError)
      setError('reason', { type: 'server', message: props.reasonError }, { shouldFocus: true })
  }, [props.reasonError, setError])
  const submit = form.handleSubmit((values) => props.onReject(values.reason))

  return (
    <form noValidate onSubmit={submit} className={grid({ gap: '4' })}>
      <FormTextArea
        control={form.control}
        name="reason"
        label="Reason"
        required
        rows={4}
        maxLength={REASON_MAX_LENGTH}
        description="The customer reads this in their notification."
      />
      <Flex flexDir={{ base: 'column-reverse', md: 'row' }} justifyContent="flex-end" gap="3">
        <DialogCancel disabled={props.busy} />
        <Button type="submit" variant="danger" loading={props.busy}>
          Reject request
        </Button>
      </Flex>
    </form>
  )
}

/** Rejecting a customer's request: a reason is required, because the customer reads it. */
export function RejectRequestDialog({ request, onOpenChange, ...props }: RejectRequestDialogProps) {
  return (
    <DialogFrame
      open={request !== null}
      onOpenChange={onOpenChange}
      title="Reject request"
      description={
        request ? (
          <>
            {requestTypeLabel(request.type)} for {request.user_name} ({request.account_id}): {request.detail}
          </>
        ) : null
      }
      size="sm"
    >
      <RejectForm {...props} />
    </DialogFrame>
  )
}
