// A client's pending orders and order history for the client page (decision 0017): GET /admin/users/{id}/orders,
// the customer's own GET /orders pages, one server page at a time; and POST .../orders/{orderId}/cancel, staff
// cancelling a pending one with a reason. The keys sit under the client's, so what makes the client page stale
// (client.updated: a fill, an expiry, the customer's own change) refetches them too; a cancel refreshes the client,
// these lists and the audit trail.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { OrderResponseSchema, OrdersPageSchema, type OrdersPage } from '../../../domain/contract/orders'
import { http } from '../../../lib/http'
import { invalidateClient } from './invalidate-client'
import { BACK_OFFICE_KEYS } from './query-keys'

export type ClientOrderList = 'pending' | 'history'

export function getClientOrders(userId: number, list: ClientOrderList, page: number): Promise<OrdersPage> {
  return http.get(`/admin/users/${userId}/orders?status=${list}&page=${page}`, { schema: OrdersPageSchema })
}

export const getClientOrdersQueryOptions = (userId: number, list: ClientOrderList, page: number) =>
  queryOptions({
    queryKey: BACK_OFFICE_KEYS.clientOrders(userId, list, page),
    queryFn: () => getClientOrders(userId, list, page),
    staleTime: 5_000,
    // Paging keeps the previous page on screen until the next one arrives, instead of a blank list.
    placeholderData: keepPreviousData,
  })

/** As the client page itself: every 30 s too, in case a push was missed. */
export const useClientOrders = (userId: number, list: ClientOrderList, page: number) =>
  useQuery({ ...getClientOrdersQueryOptions(userId, list, page), refetchInterval: 30_000 })

export interface CancelClientOrderInput {
  userId: number
  orderId: number
  reason: string
}

export function cancelClientOrder({ userId, orderId, reason }: CancelClientOrderInput) {
  return http.post(
    `/admin/users/${userId}/orders/${orderId}/cancel`,
    { reason },
    { schema: OrderResponseSchema },
  )
}

export function useCancelClientOrder() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: cancelClientOrder,
    // Also after a 409: the order filled or was cancelled meanwhile, and the lists show how.
    onSettled: (_result, _error, input) => invalidateClient(queryClient, input.userId),
  })
}
