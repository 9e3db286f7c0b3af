import { CircleAlert, CircleCheck, CircleDashed, Clock, History } from 'lucide-react'
import { StatusChip } from '../../../components/ui/status-chip'
import { VERIFICATION_STATUS_LABELS } from '../../../domain/account/labels'
import type { VerificationStatus } from '../../../domain/contract/verification'

const ICONS = {
  none: CircleDashed,
  pending: Clock,
  approved: CircleCheck,
  rejected: CircleAlert,
  expired: History,
} as const

/** A document's status: icon, words and tone together. */
export function DocumentStatusChip(props: { status: VerificationStatus }) {
  const { label, tone } = VERIFICATION_STATUS_LABELS[props.status]
  return (
    <StatusChip tone={tone} icon={ICONS[props.status]} data-testid="document-status" status={props.status}>
      {label}
    </StatusChip>
  )
}
