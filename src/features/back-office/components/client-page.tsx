import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { Box } from 'styled-system/jsx'
import { grid, wrap } from 'styled-system/patterns'
import { AlertBox } from '../../../components/ui/alert-box'
import { Button } from '../../../components/ui/button'
import { Spinner } from '../../../components/ui/spinner'
import { Text } from '../../../components/ui/text'
import { toast } from '../../../components/ui/toast'
import type { QueueRequest } from '../../../domain/contract/request-queue'
import { HttpError } from '../../../lib/http'
import type { LivePriceStore } from '../../../lib/live-prices'
import { useDecideRequest } from '../api/decide-request'
import { errorMessage } from '../../../lib/error-message'
import { getClientQueryOptions } from '../api/get-client'
import { invalidateClient } from '../api/invalidate-client'
import { ClientAccountFigures } from './client-account-figures'
import { ClientActions } from './client-actions'
import { ClientAuditTrail } from './client-audit-trail'
import { ClientDeposits } from './client-deposits'
import { ClientLedger } from './client-ledger'
import { ClientOrdersSection } from './client-orders'
import { ClientPositionsTable } from './client-positions-table'
import { ClientProfile } from './client-profile'
import { ClientRefusedOrder } from './client-refused-order'
import { ClientRejectDialog } from './client-reject-dialog'
import { ClientRequests } from './client-requests'
import { ClientSection } from './client-section'
import { ClientStatusBadge, OnlineDot } from './client-status-badge'

// One client's whole picture for the client management team (decision 0017): status and actions, the account at live
// prices, open positions with live P/L, pending orders (staff may cancel one, decision 0017) and order history,
// pending requests, deposits, the last refused order, the ledger, the profile and the audit trail. The figures move
// with this tab's price feed (the route keeps it running); positions, orders, balance and requests refetch when
// private-admin says this client changed (the admin layout), and every 30 s in case a push was missed.

const CLIENT_REFETCH_MS = 30_000

const columns = grid({
  gap: { base: '4', md: '6' },
  gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' },
  alignItems: 'start',
})
const stack = grid({ gap: { base: '4', md: '6' }, minW: '0' })

function ClientRequestsSection(props: { userId: number; requests: readonly QueueRequest[] }) {
  const decide = useDecideRequest()
  const queryClient = useQueryClient()
  const [rejecting, setRejecting] = useState<QueueRequest | null>(null)
  const busyKey =
    decide.isPending && decide.variables ? `${decide.variables.type}-${decide.variables.id}` : null
  const refresh = () => void invalidateClient(queryClient, props.userId)
  return (
    <ClientSection title="Pending requests" count={props.requests.length}>
      <ClientRequests
        requests={props.requests}
        busyKey={busyKey}
        onApprove={(request) =>
          decide.mutate(
            { type: request.type, id: request.id, decision: 'approve' },
            {
              onSuccess: (result) => toast.success(result.message),
              onError: (error) => toast.error(errorMessage(error)),
              onSettled: refresh,
            },
          )
        }
        onReject={setRejecting}
      />
      <ClientRejectDialog
        open={rejecting !== null}
        onOpenChange={(open) => {
          if (!open) setRejecting(null)
        }}
        detail={rejecting?.detail ?? ''}
        onReject={async (reason) => {
          if (!rejecting) return
          try {
            const result = await decide.mutateAsync({
              type: rejecting.type,
              id: rejecting.id,
              decision: 'reject',
              reason,
            })
            toast.success(result.message)
          } finally {
            refresh()
          }
        }}
      />
    </ClientSection>
  )
}

export function ClientPage(props: { userId: number; store: LivePriceStore }) {
  const client = useQuery({ ...getClientQueryOptions(props.userId), refetchInterval: CLIENT_REFETCH_MS })

  if (client.isPending) return <Spinner label="Loading the client" size="lg" />
  if (client.isError) {
    const notFound = client.error instanceof HttpError && client.error.status === 404
    return (
      <AlertBox
        variant="destructive"
        title={notFound ? 'There is no client with this id.' : errorMessage(client.error)}
      >
        <div className={wrap({ gap: '2', mt: '3' })}>
          {notFound ? null : (
            <Button size="sm" variant="outline" onClick={() => void client.refetch()}>
              Try again
            </Button>
          )}
          <Link
            to="/admin/clients"
            className={css({ fontSize: 'sm', textDecoration: 'underline', alignSelf: 'center' })}
          >
            Back to clients
          </Link>
        </div>
      </AlertBox>
    )
  }

  const data = client.data
  return (
    <div className={grid({ gap: { base: '4', md: '6' } })}>
      <div className={grid({ gap: '4' })}>
        <div className={wrap({ alignItems: 'center', gap: '3' })}>
          <ClientStatusBadge status={data.status} />
          <Text as="span" size="sm" tone="muted">
            Account{' '}
            <Box as="span" color="text" fontFamily="mono">
              {data.account_id}
            </Box>
          </Text>
          <Text as="span" size="sm" tone="muted">
            Plan{' '}
            <Text as="span" tone="default">
              {data.account_type?.title ?? 'none'}
            </Text>
          </Text>
          <OnlineDot online={data.is_online} />
        </div>
        <ClientActions client={data} />
      </div>

      <div className={columns}>
        <div className={stack}>
          <ClientSection title="Account" description="At live prices; P/L and equity move with the market.">
            <ClientAccountFigures client={data} store={props.store} />
          </ClientSection>
          <ClientSection title="Open positions" count={data.open_positions.length}>
            <ClientPositionsTable positions={data.open_positions} store={props.store} />
          </ClientSection>
          <ClientOrdersSection userId={data.id} list="pending" />
          <ClientOrdersSection userId={data.id} list="history" />
          <ClientRequestsSection userId={data.id} requests={data.pending_requests} />
          <ClientSection
            title="Deposits"
            description="The latest, newest first; a failed one says why."
            testId="client-deposits"
          >
            <ClientDeposits userId={data.id} />
          </ClientSection>
          <ClientSection title="Ledger" description="The latest balance movements, newest first.">
            <ClientLedger entries={data.ledger} />
          </ClientSection>
        </div>
        <div className={stack}>
          <ClientSection title="Profile">
            <ClientProfile client={data} />
          </ClientSection>
          <ClientSection title="Last refused order">
            <ClientRefusedOrder order={data.last_refused_order} />
          </ClientSection>
          <ClientSection title="Audit trail">
            <ClientAuditTrail userId={data.id} />
          </ClientSection>
        </div>
      </div>
    </div>
  )
}
