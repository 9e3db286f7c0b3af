// The chat console's customer panel (decision 0017): what support needs beside the conversation without leaving it:
// the account's status and plan, its figures and open positions marked to live prices, the last order the server
// refused with its message (what customers ask about first), pending requests, and the way to the client page.
// The figures come from GET /admin/users/{id}, which the /admin layout refetches on private-admin's client.updated;
// prices come from the tab's live price store, which the route feeds.
import { Link } from '@tanstack/react-router'
import { ArrowUpRight, RotateCw, TriangleAlert } from 'lucide-react'
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { Box, Flex, HStack, Stack } from 'styled-system/jsx'
import { center, grid, hstack, visuallyHidden } from 'styled-system/patterns'
import { PlanBadge } from '../../../components/plan-badge'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { Spinner } from '../../../components/ui/spinner'
import { Stat } from '../../../components/ui/stat'
import { Text } from '../../../components/ui/text'
import { formatDateTime, requestTypeLabel } from '../../../domain/back-office/labels'
import type { AdminClient, RefusedOrder } from '../../../domain/contract/clients'
import type { QueueRequest } from '../../../domain/contract/request-queue'
import { livePriceStore, type LivePriceStore } from '../../../lib/live-prices'
import { useClient } from '../api/get-client'
import { ClientStatusBadge } from './client-status-badge'
import { LiveAccountFigures, LivePositionRow } from './client-panel-live'

export interface ClientPanelProps {
  userId: number
  /** The live prices the P/L is marked to; the tab's shared store unless a test brings its own. */
  store?: LivePriceStore
}

/** Where the client page lives; a plain path, so the panel does not depend on how that route names its param. */
export const clientPagePath = (userId: number) => `/admin/clients/${userId}`

export function ClientPanel({ userId, store = livePriceStore }: ClientPanelProps) {
  const client = useClient(userId)
  return (
    <Flex
      as="section"
      aria-label="Customer details"
      aria-busy={client.isPending || undefined}
      data-testid="client-panel"
      flexDir="column"
      minW="0"
    >
      {client.data ? (
        <ClientPanelBody client={client.data} store={store} />
      ) : client.isError ? (
        <Stack gap="3" alignItems="start" px="4" py="4">
          <Text role="alert" size="sm">
            The customer&apos;s details could not be loaded.
          </Text>
          <Button variant="outline" size="sm" onClick={() => void client.refetch()}>
            <RotateCw size={14} aria-hidden="true" />
            Try again
          </Button>
        </Stack>
      ) : (
        <HStack gap="2" color="text.muted" px="4" py="4">
          <Spinner size="sm" />
          <Text as="span" size="sm">
            Loading customer details...
          </Text>
        </HStack>
      )}
    </Flex>
  )
}

/** One part of the panel, ruled off from the one above. */
function PanelSection(props: { children: ReactNode }) {
  return (
    <Box px="4" py="4" borderTopWidth="1px" borderColor="border.muted">
      {props.children}
    </Box>
  )
}

const sectionHeading = hstack({
  gap: '2',
  mb: '2',
  fontSize: 'xs',
  fontWeight: 'semibold',
  textTransform: 'uppercase',
  letterSpacing: 'wider',
  color: 'text.muted',
})
const figureGrid = grid({ gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', columnGap: '4', rowGap: '3' })

function SectionHeading(props: { id: string; children: ReactNode; count?: number }) {
  return (
    <h3 id={props.id} className={sectionHeading}>
      {props.children}
      {props.count !== undefined ? <Badge>{props.count}</Badge> : null}
    </h3>
  )
}

function ClientPanelBody({ client, store }: { client: AdminClient; store: LivePriceStore }) {
  const ids = {
    figures: `client-panel-${client.id}-figures`,
    positions: `client-panel-${client.id}-positions`,
    refused: `client-panel-${client.id}-refused`,
    requests: `client-panel-${client.id}-requests`,
  }
  return (
    <>
      <Stack gap="3" px="4" py="4">
        <Box minW="0">
          <Box as="p" fontWeight="semibold" truncate>
            {client.name}
          </Box>
          <Box as="p" fontSize="xs" color="text.muted" truncate>
            {client.email} · {client.account_id}
          </Box>
        </Box>
        <Link
          to={clientPagePath(client.id)}
          className={center({
            inline: true,
            gap: '1.5',
            h: '8',
            px: '3',
            rounded: 'control',
            borderWidth: '1px',
            borderColor: 'border.control',
            fontSize: 'sm',
            fontWeight: 'medium',
            _hover: { bg: 'bg.hover' },
            _focusVisible: { focusVisibleRing: 'outside' },
          })}
          data-testid="client-panel-open-client"
        >
          Open client page
          <ArrowUpRight size={14} aria-hidden="true" />
        </Link>
      </Stack>

      <PanelSection>
        <h3 id={ids.figures} className={visuallyHidden()}>
          Account
        </h3>
        <dl className={figureGrid}>
          <Stat label="Status" data-testid="client-panel-status">
            <ClientStatusBadge status={client.status} />
          </Stat>
          <Stat label="Plan" data-testid="client-panel-plan">
            {client.account_type ? (
              <PlanBadge plan={client.account_type} withLeverage />
            ) : (
              <Box as="span" fontWeight="normal" color="text.muted">
                No plan
              </Box>
            )}
          </Stat>
          <LiveAccountFigures store={store} client={client} />
        </dl>
      </PanelSection>

      <PanelSection>
        <SectionHeading id={ids.positions} count={client.open_positions.length}>
          Open positions
        </SectionHeading>
        {client.open_positions.length > 0 ? (
          <ul aria-labelledby={ids.positions}>
            {client.open_positions.map((trade) => (
              <LivePositionRow key={trade.id} trade={trade} store={store} />
            ))}
          </ul>
        ) : (
          <Text size="sm" tone="muted">
            No open positions
          </Text>
        )}
      </PanelSection>

      <PanelSection>
        <SectionHeading id={ids.refused}>Last refused order</SectionHeading>
        {client.last_refused_order ? (
          <RefusedOrderNote order={client.last_refused_order} />
        ) : (
          <Text size="sm" tone="muted">
            No refused orders
          </Text>
        )}
      </PanelSection>

      <PanelSection>
        <SectionHeading id={ids.requests} count={client.pending_requests.length}>
          Pending requests
        </SectionHeading>
        {client.pending_requests.length > 0 ? (
          <ul aria-labelledby={ids.requests} className={grid({ gap: '2' })}>
            {client.pending_requests.map((request) => (
              <PendingRequestRow key={`${request.type}-${request.id}`} request={request} />
            ))}
          </ul>
        ) : (
          <Text size="sm" tone="muted">
            No pending requests
          </Text>
        )}
      </PanelSection>
    </>
  )
}

function When({ iso }: { iso: string }) {
  return (
    <Box as="span" whiteSpace="nowrap">
      <time dateTime={iso}>{formatDateTime(iso)}</time>
    </Box>
  )
}

/** 'Buy 5.00 lots EURUSD', from what the order carried (any part may be missing). */
function refusedOrderSummary(order: RefusedOrder): string {
  const side = order.trade_type ? order.trade_type.charAt(0).toUpperCase() + order.trade_type.slice(1) : null
  const size = order.lots === null ? null : `${order.lots.toFixed(2)} ${order.lots === 1 ? 'lot' : 'lots'}`
  return [side, size, order.asset_symbol].filter(Boolean).join(' ')
}

function RefusedOrderNote({ order }: { order: RefusedOrder }) {
  const summary = refusedOrderSummary(order)
  return (
    <Flex
      data-testid="client-panel-refused-order"
      gap="2.5"
      p="3"
      rounded="control"
      bg="warning.subtle"
      borderWidth="1px"
      borderColor="warning.border"
    >
      <TriangleAlert
        size={16}
        aria-hidden="true"
        className={css({ flexShrink: 0, mt: '0.5', color: 'warning' })}
      />
      <div className={grid({ minW: '0', gap: '0.5' })}>
        <Box as="p" data-testid="client-panel-refused-message" fontSize="sm" overflowWrap="anywhere">
          {order.message}
        </Box>
        <Text size="xs" tone="muted">
          {summary ? `${summary} · ` : null}
          <When iso={order.at} />
        </Text>
      </div>
    </Flex>
  )
}

function PendingRequestRow({ request }: { request: QueueRequest }) {
  return (
    <li
      data-testid="client-panel-request"
      className={grid({
        gap: '0.5',
        px: '3',
        py: '2',
        rounded: 'control',
        bg: 'bg.raised',
        borderWidth: '1px',
        borderColor: 'border.muted',
        // A long detail breaks inside the row rather than widening the panel.
        overflowWrap: 'anywhere',
      })}
    >
      <Flex alignItems="baseline" gap="2" justifyContent="space-between">
        <Text as="span" size="sm" weight="semibold">
          {requestTypeLabel(request.type)}
        </Text>
        <Text as="span" size="xs" tone="muted">
          <When iso={request.created_at} />
        </Text>
      </Flex>
      <Text size="sm" tone="muted">
        {request.detail}
      </Text>
    </li>
  )
}
