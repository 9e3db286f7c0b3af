import { useState } from 'react'
import { Wrap } from 'styled-system/jsx'
import { grid } from 'styled-system/patterns'
import { AlertBox } from '../../../components/ui/alert-box'
import { ListPager } from '../../../components/ui/list-pager'
import { Spinner } from '../../../components/ui/spinner'
import { Text } from '../../../components/ui/text'
import { auditActionLabel, auditChanges, formatDateTime } from '../../../domain/back-office/labels'
import { useAudit } from '../api/get-audit'

// What admins did to this client, newest first, from the append-only audit log (GET /admin/audit?user_id=), paged
// by the server. Every action on the client page invalidates it, so a new row shows at once.

const row = grid({
  gap: '0.5',
  py: '2.5',
  borderBottomWidth: '1px',
  borderColor: 'border.muted',
  _last: { borderBottomWidth: '0' },
  // A long change or reason breaks inside the card rather than widening it.
  overflowWrap: 'anywhere',
})

export function ClientAuditTrail(props: { userId: number }) {
  const [page, setPage] = useState(1)
  const audit = useAudit({ user_id: props.userId, page })
  if (audit.isPending) return <Spinner label="Loading the audit trail" />
  if (audit.isError) {
    return <AlertBox variant="destructive" title="The audit trail could not be loaded." />
  }
  const { data: events, meta } = audit.data
  if (events.length === 0) {
    return (
      <Text size="sm" tone="muted">
        No admin actions on this client yet.
      </Text>
    )
  }
  return (
    <div>
      <ul>
        {events.map((event) => {
          const changes = auditChanges(event.before, event.after)
          return (
            <li key={event.id} className={row} data-testid="client-audit-event">
              <Wrap gap="2" alignItems="baseline">
                <Text as="span" size="sm" weight="semibold">
                  {auditActionLabel(event.action)}
                </Text>
                <Text as="span" size="xs" tone="muted">
                  by {event.actor_name ?? 'the system'} · {formatDateTime(event.created_at)}
                </Text>
              </Wrap>
              {changes.length > 0 ? (
                <Text size="xs" tone="muted">
                  {changes.join('; ')}
                </Text>
              ) : null}
              {event.reason ? <Text size="sm">“{event.reason}”</Text> : null}
            </li>
          )
        })}
      </ul>
      {meta.last_page > 1 ? (
        <ListPager
          meta={meta}
          onPageChange={setPage}
          label="Audit trail pages"
          summary={`Page ${meta.current_page} of ${meta.last_page}`}
          previousLabel="Newer"
          nextLabel="Older"
        />
      ) : null}
    </div>
  )
}
