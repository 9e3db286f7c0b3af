import { Trash2 } from 'lucide-react'
import { useId, useMemo } from 'react'
import { css } from 'styled-system/css'
import { Text } from '../../../components/ui/text'
import { Box, Flex } from 'styled-system/jsx'
import { Button } from '../../../components/ui/button'
import { EntryEnd, EntryList, EntryRow, EntryTitle, EntryWide } from '../../../components/ui/entry-list'
import { FigureGrid } from '../../../components/ui/figure-grid'
import { toast } from '../../../components/ui/toast'
import type { Asset } from '../../../domain/contract/assets'
import type { Alert } from '../../../domain/contract/price-alerts'
import { formatPrice } from '../../../domain/format/numbers'
import { TRADE_TOAST_MS } from '../../../domain/trading/messages'
import {
  activeAlerts,
  ALERT_FAILURES,
  ALERT_TOASTS,
  alertExpiryText,
  conditionText,
  NO_ACTIVE_ALERTS,
} from '../../../domain/trading/price-alerts'
import { errorMessage } from '../../../lib/error-message'
import { useAlerts, useDeleteAlert } from '../api/alerts'
import { PaneLoadError, PaneLoading } from './pane-note'

// The customer's price alerts under the Active Orders panel (decision 0037): each waiting alert with its symbol,
// condition, price, note and expiry, and Delete. One that fired leaves the list when the notification comes.

export interface AlertsSectionProps {
  /** The listed assets: the symbol a customer reads (symbol_display), whatever spelling the alert stored. */
  assets: readonly Asset[] | undefined
  /** Set while offline: the id of the element saying why Delete is shut. */
  closedBy?: string
}

function AlertRow(props: {
  alert: Alert
  symbol: string
  deleting: boolean
  closedBy: string | undefined
  onDelete: (alert: Alert) => void
}) {
  const { alert } = props
  const headingId = useId()
  return (
    <EntryRow data-testid={`alert-row-${alert.id}`} aria-labelledby={headingId}>
      <span id={headingId}>
        <EntryTitle>{props.symbol}</EntryTitle>
      </span>
      <EntryEnd>
        <Text as="span" size="sm" numeric data-testid="alert-condition">
          {conditionText(alert.condition, alert.price)}
        </Text>
      </EntryEnd>
      <EntryWide>
        <FigureGrid
          figures={[
            { key: 'price', label: 'Price', value: formatPrice(alert.price) },
            { key: 'expiry', label: 'Expiry', value: alertExpiryText(alert) },
            ...(alert.note ? [{ key: 'note', label: 'Note', value: alert.note, wide: true }] : []),
          ]}
        />
      </EntryWide>
      <EntryWide>
        <Flex justify="flex-end">
          <Button
            size="xs"
            variant="outline"
            loading={props.deleting}
            loadingText="Deleting..."
            disabled={props.closedBy !== undefined}
            aria-describedby={props.closedBy ? `${headingId} ${props.closedBy}` : headingId}
            onClick={() => props.onDelete(alert)}
          >
            <Trash2 aria-hidden /> Delete
          </Button>
        </Flex>
      </EntryWide>
    </EntryRow>
  )
}

export function AlertsSection(props: AlertsSectionProps) {
  const headingId = useId()
  const query = useAlerts()
  const remove = useDeleteAlert()
  const alerts = useMemo(() => activeAlerts(query.data ?? []), [query.data])
  const symbolOf = (alert: Alert) =>
    props.assets?.find((asset) => asset.asset_id === alert.asset_id)?.symbol_display ?? alert.asset_symbol

  const onDelete = (alert: Alert) => {
    if (remove.isPending) return
    remove.mutate(alert.id, {
      onSuccess: () => toast.success(ALERT_TOASTS.DELETED, { duration: TRADE_TOAST_MS.SUCCESS }),
      onError: (error) =>
        toast.error(ALERT_FAILURES.DELETE, {
          description: errorMessage(error),
          duration: TRADE_TOAST_MS.ERROR,
        }),
    })
  }

  let body
  if (query.status === 'pending') {
    body = <PaneLoading label="Loading alerts" />
  } else if (query.status === 'error') {
    body = <PaneLoadError message={query.error.message} onRetry={() => void query.refetch()} />
  } else if (alerts.length === 0) {
    body = (
      <Box as="p" px="4" pb="4" color="text.muted" fontSize="sm">
        {NO_ACTIVE_ALERTS}
      </Box>
    )
  } else {
    body = (
      <EntryList className={css({ px: '3' })}>
        {alerts.map((alert) => (
          <AlertRow
            key={alert.id}
            alert={alert}
            symbol={symbolOf(alert)}
            deleting={remove.isPending && remove.variables === alert.id}
            closedBy={props.closedBy}
            onDelete={onDelete}
          />
        ))}
      </EntryList>
    )
  }

  return (
    <Box as="section" aria-labelledby={headingId} borderTopWidth="1px" borderColor="border">
      <Box as="h3" id={headingId} px="4" pt="3" pb="2" fontSize="sm" fontWeight="semibold">
        Alerts
      </Box>
      {body}
    </Box>
  )
}
