import { Box, Flex } from 'styled-system/jsx'
import { grid, wrap } from 'styled-system/patterns'
import { Button } from '../../../components/ui/button'
import { Text } from '../../../components/ui/text'
import type { QueueRequest } from '../../../domain/contract/request-queue'
import { formatDateTime, requestTypeLabel } from '../../../domain/back-office/labels'

// The client's pending requests (every type the queue knows), each with Approve and Reject; the page decides them
// through the one request queue's decision route.

const list = grid({ gap: '2' })
const item = wrap({
  alignItems: 'center',
  gap: '3',
  p: '3',
  bg: 'bg.raised',
  rounded: 'control',
  borderWidth: '1px',
  borderColor: 'border.muted',
})

export function ClientRequests(props: {
  requests: readonly QueueRequest[]
  /** The request being decided, whose buttons show it. */
  busyKey: string | null
  onApprove: (request: QueueRequest) => void
  onReject: (request: QueueRequest) => void
}) {
  if (props.requests.length === 0) {
    return (
      <Text size="sm" tone="muted">
        No pending requests.
      </Text>
    )
  }
  return (
    <ul className={list}>
      {props.requests.map((request) => {
        const key = `${request.type}-${request.id}`
        const busy = props.busyKey === key
        return (
          <li key={key} className={item} data-testid="client-request">
            <Box flex="1" minW="40">
              <Text weight="semibold" size="sm">
                {request.detail}
              </Text>
              <Text size="xs" tone="muted">
                {requestTypeLabel(request.type)} · {formatDateTime(request.created_at)}
              </Text>
            </Box>
            <Flex gap="2">
              <Button
                size="sm"
                variant="gain"
                loading={busy}
                disabled={props.busyKey !== null && !busy}
                onClick={() => props.onApprove(request)}
                aria-label={`Approve: ${request.detail}`}
              >
                Approve
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={props.busyKey !== null}
                onClick={() => props.onReject(request)}
                aria-label={`Reject: ${request.detail}`}
              >
                Reject
              </Button>
            </Flex>
          </li>
        )
      })}
    </ul>
  )
}
