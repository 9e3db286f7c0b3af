import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { grid } from 'styled-system/patterns'
import { AlertBox } from '../../../components/ui/alert-box'
import { Button } from '../../../components/ui/button'
import { DialogCancel, DialogFrame } from '../../../components/ui/dialog-frame'

// The back office's dialogs that hold one form: its fields in the body, Cancel and the submit button in the
// footer (tied to the form by its id), the submit button busy while the server answers.

export interface FormDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description?: ReactNode
  size?: 'sm' | 'md'
  submitLabel: string
  loadingText: string
  submitVariant?: 'danger'
  busy: boolean
  /** The form; it must carry the id it is given. Mounts when the dialog opens. */
  children: (formId: string) => ReactNode
}

export function FormDialog(props: FormDialogProps) {
  const formId = `form-dialog-${useId().replace(/:/g, '')}`
  return (
    <DialogFrame
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={props.title}
      description={props.description}
      size={props.size}
      footer={
        <>
          <DialogCancel />
          <Button
            type="submit"
            form={formId}
            variant={props.submitVariant}
            loading={props.busy}
            loadingText={props.loadingText}
          >
            {props.submitLabel}
          </Button>
        </>
      }
    >
      {props.children(formId)}
    </DialogFrame>
  )
}

/** The form element of a FormDialog: no browser validation (the schema speaks), a column of fields. */
export function DialogForm(props: {
  formId: string
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>
  /** The server's refusal, shown under the fields. */
  serverError: string | null
  children: ReactNode
}) {
  return (
    <form
      id={props.formId}
      noValidate
      onSubmit={(event) => void props.onSubmit(event)}
      className={grid({ gap: '4' })}
    >
      {props.children}
      {props.serverError ? <AlertBox variant="destructive" title={props.serverError} /> : null}
    </form>
  )
}

/** Runs a submission with the dialog busy meanwhile. */
export function useBusy(): [boolean, <T>(work: () => Promise<T>) => Promise<T>] {
  const [busy, setBusy] = useState(false)
  const track = async <T,>(work: () => Promise<T>): Promise<T> => {
    setBusy(true)
    try {
      return await work()
    } finally {
      setBusy(false)
    }
  }
  return [busy, track]
}
