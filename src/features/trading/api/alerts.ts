// Price alerts: GET /alerts (newest first) under a key of their own, and POST and DELETE /alerts. An alert fires on
// the server; the customer hears of it as a notification (notification.message), and alert.updated on the trade
// channel says that one fired, expired or was cancelled, so either refreshes the list.
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import {
  AlertResponseSchema,
  AlertsResponseSchema,
  type Alert,
  type CreateAlertRequest,
} from '../../../domain/contract/price-alerts'
import { http } from '../../../lib/http'

export const alertsQueryKey = ['alerts'] as const

export const ALERTS_LOAD_FAILED = 'Failed to fetch alerts. Please try again.'

export async function getAlerts(): Promise<Alert[]> {
  try {
    const body = await http.get('/alerts', { schema: AlertsResponseSchema })
    return body.data
  } catch (error) {
    throw new Error(ALERTS_LOAD_FAILED, { cause: error })
  }
}

export const getAlertsQueryOptions = () =>
  queryOptions({
    queryKey: alertsQueryKey,
    queryFn: getAlerts,
    // Alerts change by the customer's own requests and by pushes (a firing, an expiry), both of which invalidate.
    staleTime: 30_000,
  })

export const useAlerts = () => useQuery(getAlertsQueryOptions())

/** notification.message or alert.updated: an alert may have fired or expired. */
export async function refreshAlerts(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: alertsQueryKey })
}

export async function createAlert(payload: CreateAlertRequest): Promise<Alert> {
  const body = await http.post('/alerts', payload, { schema: AlertResponseSchema })
  return body.data
}

export async function deleteAlert(alertId: number): Promise<Alert> {
  const body = await http.delete(`/alerts/${alertId}`, { schema: AlertResponseSchema })
  return body.data
}

export function useCreateAlert() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createAlert,
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertsQueryKey }),
  })
}

export function useDeleteAlert() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteAlert,
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertsQueryKey }),
  })
}
