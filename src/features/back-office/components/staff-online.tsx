import { Users } from 'lucide-react'
import { HStack, Stack, VisuallyHidden } from 'styled-system/jsx'
import { Badge } from '../../../components/ui/badge'
import { EmptyState } from '../../../components/ui/empty-state'
import { SectionCard } from '../../../components/ui/section-card'
import { StatusChip } from '../../../components/ui/status-chip'
import { Text } from '../../../components/ui/text'
import { USER_ROLE } from '../../../domain/contract/user-constants'

// The staff who have the back office open now (decision 0036's presence-admin.online): each member's name and
// role, live as they come and go. The admin routes hand in the members; this feature does not know the realtime
// client.

export interface StaffMember {
  id: string
  name: string
  role: string
}

export interface StaffOnlineProps {
  /** Null until the push service has said who is there. */
  staff: StaffMember[] | null
  /** This admin's own member id, marked 'You'. */
  me: string | null
}

const ROLE_LABELS: Readonly<Record<string, string>> = { [USER_ROLE.ADMIN]: 'Admin' }

/** A member's `user_info` as the server signs it (`{ name, role }`); anything else is named by its id. */
export function staffMemberOf(member: { id: string; info: unknown }): StaffMember {
  const info =
    typeof member.info === 'object' && member.info !== null ? (member.info as Record<string, unknown>) : {}
  return {
    id: member.id,
    name: typeof info.name === 'string' && info.name.trim() ? info.name : `User ${member.id}`,
    role: typeof info.role === 'string' ? info.role : '',
  }
}

export function StaffOnline(props: StaffOnlineProps) {
  const staff = props.staff
  return (
    <SectionCard
      title="Staff online"
      headingId="staff-online"
      data-testid="staff-online"
      aside={
        staff ? (
          <Badge>
            {staff.length}
            <VisuallyHidden as="span"> online</VisuallyHidden>
          </Badge>
        ) : null
      }
      description="Admins with the back office open, as they come and go."
    >
      {staff === null ? (
        <Text tone="muted" size="sm">
          Connecting…
        </Text>
      ) : staff.length === 0 ? (
        <EmptyState icon={Users} framed={false} title="Nobody else is online" />
      ) : (
        <Stack as="ul" gap="2">
          {staff.map((member) => (
            <HStack as="li" key={member.id} gap="2" justify="space-between" data-testid="staff-online-member">
              <Text as="span">
                {member.name}
                {member.id === props.me ? (
                  <Text as="span" tone="muted">
                    {' '}
                    (You)
                  </Text>
                ) : null}
              </Text>
              {member.role ? (
                <StatusChip tone="neutral">{ROLE_LABELS[member.role] ?? member.role}</StatusChip>
              ) : null}
            </HStack>
          ))}
        </Stack>
      )}
    </SectionCard>
  )
}
