import { ReasonDialog } from './reason-dialog'

// Rejecting one of a client's requests from their page: the reason is required, because the customer reads it in
// their notification. The server's 409 (another admin decided first) shows here as it is.

export interface ClientRejectDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** What is rejected, for people: 'Auto trader: medium'. */
  detail: string
  onReject: (reason: string) => Promise<unknown>
}

export function ClientRejectDialog(props: ClientRejectDialogProps) {
  return (
    <ReasonDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title="Reject request"
      intro={`${props.detail}. The customer is notified with the reason you give.`}
      submitLabel="Reject request"
      loadingText="Rejecting..."
      onConfirm={props.onReject}
    />
  )
}
