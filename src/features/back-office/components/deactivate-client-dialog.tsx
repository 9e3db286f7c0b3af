import { ReasonDialog } from './reason-dialog'

// Deactivating an account is the confirmation step itself: the admin reads what it does, says why (required: the
// audit log keeps it), and confirms with 'Deactivate account'. Nothing is sent without a reason.

export interface DeactivateClientDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  clientName: string
  /** Sends the deactivation; resolves when done (the dialog then closes), rejects with the server's error. */
  onDeactivate: (reason: string) => Promise<unknown>
}

export function DeactivateClientDialog(props: DeactivateClientDialogProps) {
  return (
    <ReasonDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={`Deactivate ${props.clientName}?`}
      intro="They are signed out of trading, chat and requests at once and see that their account is disabled until it is reactivated. Open positions stay open."
      helperText="Kept in the audit log."
      submitLabel="Deactivate account"
      loadingText="Deactivating..."
      onConfirm={props.onDeactivate}
    />
  )
}
