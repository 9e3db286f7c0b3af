import { Link } from '@tanstack/react-router'
import { Check, Inbox, Send, X } from 'lucide-react'
import { useEffect, useState } from 'react'
import { css } from 'styled-system/css'
import { Box, Flex } from 'styled-system/jsx'
import { grid } from 'styled-system/patterns'
import { Button } from '../../../components/ui/button'
import { toast } from '../../../components/ui/toast'
import {
  REQUEST_TYPES,
  type QueueRequest,
  type QueueRequestStatus,
} from '../../../domain/contract/request-queue'
import { formatEventAge } from '../../../domain/back-office/event-time'
import { formatDateTime, requestTypeLabel } from '../../../domain/back-office/labels'
import {
  awaitsPayout,
  queueStatusLabel,
  REQUEST_STATUS_LABELS,
} from '../../../domain/back-office/request-queue'
import { HttpError } from '../../../lib/http'
import { useDecideRequest, type DecideRequestInput } from '../api/decide-request'
import { errorMessage, fieldError } from '../../../lib/error-message'
import { useRequests } from '../api/get-requests'
import { useMarkWithdrawalSent } from '../api/mark-withdrawal-sent'
import { clientPagePath } from './client-panel'
import { DocumentPreviewButton } from './document-preview'
import { MarkSentDialog } from './mark-sent-dialog'
import { RejectRequestDialog } from './request-queue-reject-dialog'
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

export interface RequestQueueProps {
  /** Undefined lists every status. */
  status?: QueueRequestStatus | undefined
  /** A request type's slug; undefined lists every type. */
  type?: string | undefined
  page: number
  /** Without it there is no pager (the overview shows the first rows only). */
  onPageChange?: (page: number) => void
  /** Fewer details (no e-mail, no status): the overview's glance at the pending queue. */
  compact?: boolean
  /** Show at most this many rows. */
  limit?: number
}

const STATUS_TONES: Record<QueueRequestStatus, StatusTone> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
}

/** Re-renders every minute, so '5 min ago' keeps telling the truth on a queue left open all day. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000)
    return () => clearInterval(timer)
  }, [])
  return now
}

const rowKey = (request: Pick<QueueRequest, 'type' | 'id'>) => `${request.type}-${request.id}`

function EmptyQueue(props: { status: QueueRequestStatus | undefined; filtered: boolean }) {
  const title =
    props.status === 'pending' && !props.filtered
      ? 'No requests are waiting'
      : 'No requests match these filters'
  return (
    <ListEmpty
      icon={Inbox}
      title={title}
      description="New sign-ups and customer requests appear here as they arrive."
    />
  )
}

/**
 * The one request queue (decision 0017): every type of customer request, newest pending first, with Approve and
 * Reject (a reason the customer reads) on the pending ones, and 'Mark sent' on an approved withdrawal (decision
 * 0019). Live: the admin layout refetches it on requests.changed.
 */
export function RequestQueue(props: RequestQueueProps) {
  const { status, type, page, onPageChange, compact = false, limit } = props
  const requests = useRequests({ status, type, page })
  const decide = useDecideRequest()
  const now = useMinuteClock()
  const [rejecting, setRejecting] = useState<QueueRequest | null>(null)
  const [reasonError, setReasonError] = useState<string | undefined>(undefined)
  const markSent = useMarkWithdrawalSent()
  const [paying, setPaying] = useState<QueueRequest | null>(null)

  // A decision emptied the last page: go to the one that still has rows.
  const lastPage = requests.data?.meta.last_page
  useEffect(() => {
    if (onPageChange && lastPage !== undefined && page > lastPage) onPageChange(lastPage)
  }, [onPageChange, lastPage, page])

  const inFlight = (request: QueueRequest) =>
    decide.isPending && decide.variables?.id === request.id && decide.variables.type === request.type

  const send = (input: DecideRequestInput, onDone?: () => void) =>
    decide.mutate(input, {
      onSuccess: (body) => {
        onDone?.()
        toast.success(body.message, {
          description: `${requestTypeLabel(body.data.type)} · ${body.data.user_name}`,
        })
      },
      onError: (error) => {
        const reasonMessage = fieldError(error, 'reason')
        if (reasonMessage) {
          setReasonError(reasonMessage)
          return
        }
        // 409: another admin decided it first; the list refetches (decide-request invalidates it) and shows how.
        if (error instanceof HttpError && (error.status === 409 || error.status === 404)) onDone?.()
        toast.error(errorMessage(error))
      },
    })

  const approve = (request: QueueRequest) => send({ type: request.type, id: request.id, decision: 'approve' })
  const reject = (reason: string) => {
    if (!rejecting) return
    setReasonError(undefined)
    send({ type: rejecting.type, id: rejecting.id, decision: 'reject', reason }, () => setRejecting(null))
  }

  if (requests.isPending) return <ListLoading>Loading requests...</ListLoading>
  if (requests.isError) return <ListLoadError title="The requests could not be loaded." query={requests} />

  const { meta } = requests.data
  // A list of pending requests only says 'Pending' on every row: the column earns its room once decided ones show.
  const showStatus = !compact && status !== 'pending'
  const rows = limit === undefined ? requests.data.data : requests.data.data.slice(0, limit)
  if (rows.length === 0) return <EmptyQueue status={status} filtered={type !== undefined} />

  return (
    <div>
      <ListTable
        data-testid="request-queue"
        caption={`Customer requests${status ? `, ${REQUEST_STATUS_LABELS[status].toLowerCase()}` : ''}`}
        columns={['Type', 'Customer', 'Detail', 'Received', ...(showStatus ? ['Status'] : [])]}
        actionsColumn="Actions"
        stale={requests.isPlaceholderData}
      >
        {rows.map((request) => {
          const key = rowKey(request)
          const customerId = `request-${key}-customer`
          const busy = inFlight(request)
          return (
            <tr key={key} className={row} data-testid="request-row" data-request-type={request.type}>
              <td className={cell} data-label="Type">
                <StatusChip tone="accent">{requestTypeLabel(request.type)}</StatusChip>
              </td>
              <td className={cell} data-label="Customer">
                <span id={customerId} className={grid({ gap: '0.5', minW: '0' })}>
                  <Link to={clientPagePath(request.user_id)} className={recordLink}>
                    {request.user_name}
                  </Link>
                  <span className={mutedText}>
                    <Box as="span" fontFamily="mono" whiteSpace="nowrap">
                      {request.account_id}
                    </Box>
                    {compact ? null : <> · {request.email}</>}
                  </span>
                </span>
              </td>
              <td className={cell} data-label="Detail">
                {request.detail}
                {request.type === REQUEST_TYPES.VERIFICATION ? (
                  <DocumentPreviewButton
                    documentId={request.id}
                    customer={request.user_name}
                    detail={request.detail}
                  />
                ) : null}
              </td>
              <td className={nowrapCell} data-label="Received">
                <time dateTime={request.created_at} title={formatDateTime(request.created_at)}>
                  {formatEventAge(request.created_at, now)}
                </time>
              </td>
              {showStatus ? (
                <td className={cell} data-label="Status">
                  <span className={grid({ gap: '1', justifyItems: { base: 'end', md: 'start' } })}>
                    <StatusChip tone={STATUS_TONES[request.status]}>{queueStatusLabel(request)}</StatusChip>
                    {request.decided_by ? (
                      <span className={mutedText}>
                        by {request.decided_by}
                        {request.decided_at ? `, ${formatDateTime(request.decided_at)}` : ''}
                      </span>
                    ) : null}
                    {request.reason ? <span className={mutedText}>“{request.reason}”</span> : null}
                  </span>
                </td>
              ) : null}
              <td className={actionsCell}>
                {request.status === 'pending' ? (
                  <Flex
                    as="span"
                    gap="2"
                    flex="1"
                    justifyContent={{ md: 'flex-end' }}
                    css={{ '& > button': { flex: { base: '1', md: 'none' } } }}
                  >
                    <Button
                      size="sm"
                      aria-describedby={customerId}
                      loading={busy && decide.variables?.decision === 'approve'}
                      disabled={busy}
                      onClick={() => approve(request)}
                    >
                      <Check size={16} aria-hidden="true" />
                      Approve
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      aria-describedby={customerId}
                      disabled={busy}
                      onClick={() => {
                        setReasonError(undefined)
                        setRejecting(request)
                      }}
                    >
                      <X size={16} aria-hidden="true" />
                      Reject
                    </Button>
                  </Flex>
                ) : awaitsPayout(request) ? (
                  <Button
                    size="sm"
                    variant="outline"
                    aria-describedby={customerId}
                    className={css({ flex: { base: '1', md: 'none' } })}
                    onClick={() => setPaying(request)}
                  >
                    <Send size={16} aria-hidden="true" />
                    Mark sent
                  </Button>
                ) : null}
              </td>
            </tr>
          )
        })}
      </ListTable>
      {onPageChange && !compact ? (
        <ListPager meta={meta} onPageChange={onPageChange} label="Request pages" />
      ) : null}
      <RejectRequestDialog
        request={rejecting}
        onOpenChange={(open) => {
          if (!open) setRejecting(null)
        }}
        onReject={reject}
        busy={rejecting !== null && inFlight(rejecting)}
        reasonError={reasonError}
      />
      <MarkSentDialog
        detail={paying ? `${paying.user_name} (${paying.account_id}): ${paying.detail}` : null}
        onOpenChange={(open) => {
          if (!open) setPaying(null)
        }}
        onMarkSent={async (payoutReference) => {
          if (!paying) return
          const result = await markSent.mutateAsync({ id: paying.id, payoutReference })
          toast.success(result.message, { description: `${result.data.reference} · ${paying.user_name}` })
        }}
      />
    </div>
  )
}
