import { Ban, CircleCheck, Clock } from 'lucide-react'
import type { LucideIcon } from 'lucide-react'
import { css } from 'styled-system/css'
import { Box } from 'styled-system/jsx'
import { visuallyHidden } from 'styled-system/patterns'
import { StatusChip } from '../../../components/ui/status-chip'
import type { UserStatus } from '../../../domain/contract/user'
import type { StatusTone } from '../../../domain/display/status-tone'

// An account's status as a pill: icon and word as well as colour, so it reads the same without colour. Used by
// the Clients list and the client page; any back-office screen that shows a status can use it.

const STATUS_LOOK: Readonly<Record<UserStatus, { label: string; icon: LucideIcon; tone: StatusTone }>> = {
  pending: { label: 'Pending', icon: Clock, tone: 'warning' },
  active: { label: 'Active', icon: CircleCheck, tone: 'success' },
  deactivated: { label: 'Deactivated', icon: Ban, tone: 'danger' },
}

export const CLIENT_STATUS_LABELS: Readonly<Record<UserStatus, string>> = {
  pending: 'Pending',
  active: 'Active',
  deactivated: 'Deactivated',
}

export function ClientStatusBadge(props: { status: UserStatus; className?: string }) {
  const look = STATUS_LOOK[props.status]
  return (
    <StatusChip status={props.status} tone={look.tone} icon={look.icon} className={props.className}>
      {look.label}
    </StatusChip>
  )
}

const dot = css({
  display: 'inline-block',
  w: '2',
  h: '2',
  rounded: 'full',
  flexShrink: 0,
  bg: 'text.muted',
  '&[data-online]': { bg: 'success' },
})

/** Online or offline: a dot, and the word beside it (visible, or for screen readers only when `compact`). */
export function OnlineDot(props: { online: boolean; compact?: boolean }) {
  const label = props.online ? 'Online' : 'Offline'
  return (
    <Box
      as="span"
      display="inline-flex"
      alignItems="center"
      gap="1.5"
      fontSize="xs"
      color="text.muted"
      title={label}
    >
      <span aria-hidden="true" className={dot} data-online={props.online ? '' : undefined} />
      <span className={props.compact ? visuallyHidden() : undefined}>{label}</span>
    </Box>
  )
}
