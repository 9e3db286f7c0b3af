import { Ban, BadgeCheck, CircleCheck, CircleX, Clock, type LucideIcon } from 'lucide-react'
import { StatusChip } from '../../../components/ui/status-chip'
import {
  STATUS_TONES,
  TRANSACTION_STATUS_LABELS,
  type TransactionStatus,
} from '../../../domain/funds/transaction-labels'

// A deposit's, withdrawal's or transaction's status as a chip: an icon and the word as well as the colour, so it
// reads the same without colour. data-status carries the code for tests and the live pages' assertions.

const ICONS: Readonly<Record<TransactionStatus, LucideIcon>> = {
  pending: Clock,
  in_review: Clock,
  approved: BadgeCheck,
  sent: CircleCheck,
  completed: CircleCheck,
  failed: CircleX,
  rejected: CircleX,
  cancelled: Ban,
}

export function TransactionStatusChip(props: { status: TransactionStatus; className?: string }) {
  return (
    <StatusChip
      data-testid="status-chip"
      status={props.status}
      tone={STATUS_TONES[props.status]}
      icon={ICONS[props.status]}
      className={props.className}
    >
      {TRANSACTION_STATUS_LABELS[props.status]}
    </StatusChip>
  )
}
