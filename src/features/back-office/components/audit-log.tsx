import { Link } from '@tanstack/react-router'
import { ChevronDown, ScrollText } from 'lucide-react'
import { Fragment, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { Box, Grid } from 'styled-system/jsx'
import { grid } from 'styled-system/patterns'
import { Button } from '../../../components/ui/button'
import type { AuditEvent } from '../../../domain/contract/audit'
import { AUDIT_ACTIONS } from '../../../domain/contract/audit'
import { auditPersonLabel, auditSnapshotText } from '../../../domain/back-office/audit-log'
import { auditActionLabel, formatDateTime } from '../../../domain/back-office/labels'
import { useAudit, type AuditQuery } from '../api/get-audit'
import { clientPagePath } from './client-panel'
import {
  actionsCell,
  cell,
  ListEmpty,
  ListLoadError,
  ListLoading,
  ListTable,
  mutedText,
  nowrapCell,
  recordLink,
  row,
} from '../../../components/ui/list-table'
import { StatusChip } from '../../../components/ui/status-chip'
import type { StatusTone } from '../../../domain/display/status-tone'
import { ListPager } from '../../../components/ui/list-pager'

export interface AuditLogProps {
  query: AuditQuery
  onPageChange: (page: number) => void
}

const ACTION_TONES: Record<string, StatusTone> = {
  [AUDIT_ACTIONS.STATUS_CHANGED]: 'warning',
  [AUDIT_ACTIONS.BALANCE_ADJUSTED]: 'success',
  [AUDIT_ACTIONS.SETTINGS_UPDATED]: 'accent',
}

/** One side of a change: its title over the snapshot as text. */
function Snapshot(props: { title: string; text: string }) {
  return (
    <Grid gap="1.5" minW="0">
      <Box as="h3" textStyle="label">
        {props.title}
      </Box>
      {/* Text only: a snapshot holds whatever was typed into a setting or a reason. */}
      <Box
        as="pre"
        m="0"
        p="3"
        bg="bg.app"
        borderWidth="1px"
        borderColor="border.muted"
        rounded="control"
        fontFamily="mono"
        fontSize="xs"
        lineHeight="1.5"
        whiteSpace="pre-wrap"
        overflowWrap="anywhere"
        maxH="64"
        overflowY="auto"
      >
        {props.text}
      </Box>
    </Grid>
  )
}

function AuditDetails(props: { event: AuditEvent }) {
  const { event } = props
  return (
    <div className={grid({ gap: '4', textAlign: 'start' })}>
      <div className={grid({ gap: '4', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' } })}>
        <Snapshot title="Before" text={auditSnapshotText(event.before)} />
        <Snapshot title="After" text={auditSnapshotText(event.after)} />
      </div>
      <dl
        className={grid({
          gridTemplateColumns: 'auto 1fr',
          columnGap: '4',
          rowGap: '1',
          fontSize: 'xs',
          '& dt': { color: 'text.muted' },
          '& dd': { fontFamily: 'mono', overflowWrap: 'anywhere' },
        })}
      >
        <dt>Request ID</dt>
        <dd>{event.request_id ?? 'Not recorded'}</dd>
        <dt>IP address</dt>
        <dd>{event.ip ?? 'Not recorded'}</dd>
        <dt>Event</dt>
        <dd>
          #{event.id} · {event.action}
        </dd>
      </dl>
    </div>
  )
}

/**
 * The append-only audit log (decision 0017): who did what to whom, when and why, newest first, paged by the server.
 * Each row opens to its before and after snapshots, request id and IP.
 */
export function AuditLog(props: AuditLogProps) {
  const audit = useAudit(props.query)
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set())
  const toggle = (id: number) =>
    setOpen((previous) => {
      const next = new Set(previous)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })

  if (audit.isPending) return <ListLoading>Loading the audit log...</ListLoading>
  if (audit.isError) return <ListLoadError title="The audit log could not be loaded." query={audit} />

  const { data: events, meta } = audit.data
  if (events.length === 0) {
    const filtered = Boolean(props.query.action || props.query.actor_id || props.query.user_id)
    return (
      <ListEmpty
        icon={ScrollText}
        title={filtered ? 'No audit events match these filters' : 'No admin actions recorded yet'}
        description="Every approval, status change, adjustment and settings change is recorded here."
      />
    )
  }

  return (
    <div>
      <ListTable
        data-testid="audit-log"
        caption="Audit log, newest first"
        columns={['Time', 'Admin', 'Action', 'Client', 'Reason']}
        actionsColumn="Details"
        stale={audit.isPlaceholderData}
      >
        {events.map((event) => {
          const expanded = open.has(event.id)
          const detailsId = `audit-event-${event.id}-details`
          return (
            <Fragment key={event.id}>
              <tr
                className={cx(
                  row,
                  expanded
                    ? css({ roundedBottom: '0', borderBottomWidth: '0', md: { bg: 'bg.raised' } })
                    : undefined,
                )}
                data-testid="audit-row"
              >
                <td className={nowrapCell} data-label="Time">
                  <time dateTime={event.created_at}>{formatDateTime(event.created_at)}</time>
                </td>
                <td className={nowrapCell} data-label="Admin">
                  {auditPersonLabel(event.actor_name, event.actor_id, 'System')}
                </td>
                <td className={cell} data-label="Action">
                  <StatusChip tone={ACTION_TONES[event.action] ?? 'neutral'}>
                    {auditActionLabel(event.action)}
                  </StatusChip>
                </td>
                <td className={nowrapCell} data-label="Client">
                  {event.target_user_id === null ? (
                    <span className={mutedText}>
                      {event.action === AUDIT_ACTIONS.SETTINGS_UPDATED ? 'Whole site' : 'None'}
                    </span>
                  ) : (
                    <Link to={clientPagePath(event.target_user_id)} className={recordLink}>
                      {auditPersonLabel(event.target_name, event.target_user_id, 'None')}
                    </Link>
                  )}
                </td>
                <td className={cx(cell, css({ md: { maxW: '18rem' } }))} data-label="Reason">
                  {event.reason ? event.reason : <span className={mutedText}>None given</span>}
                </td>
                <td className={actionsCell}>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-expanded={expanded}
                    aria-controls={detailsId}
                    onClick={() => toggle(event.id)}
                    className={css({ flex: { base: '1', md: 'none' } })}
                  >
                    {expanded ? 'Hide changes' : 'Show changes'}
                    <ChevronDown
                      size={16}
                      aria-hidden="true"
                      className={css({ transition: 'transform 0.15s' })}
                      style={expanded ? { transform: 'rotate(180deg)' } : undefined}
                    />
                  </Button>
                </td>
              </tr>
              {expanded ? (
                <tr
                  id={detailsId}
                  className={cx(
                    row,
                    css({
                      mt: '-3',
                      roundedTop: '0',
                      borderTopWidth: '0',
                      md: { mt: '0', bg: 'bg.raised' },
                    }),
                  )}
                >
                  <td
                    colSpan={6}
                    className={css({
                      display: 'block',
                      md: { display: 'table-cell' },
                      p: { base: '0 0 3', md: '4' },
                    })}
                  >
                    <AuditDetails event={event} />
                  </td>
                </tr>
              ) : null}
            </Fragment>
          )
        })}
      </ListTable>
      <ListPager meta={meta} onPageChange={props.onPageChange} label="Audit log pages" />
    </div>
  )
}
