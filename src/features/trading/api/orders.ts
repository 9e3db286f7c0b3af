// Pending orders (decision 0034): GET /orders?status=pending|history&page= as infinite queries, and POST, PATCH and
// DELETE /orders. The keys sit under the trades' key, so a trade.updated push (a fill also publishes one) refreshes
// them with the positions; an order.updated push refreshes only them.
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query'
import {
  type ORDER_LISTS,
  OrderResponseSchema,
  OrdersPageSchema,
  type ModifyOrderRequest,
  type Order,
  type OrdersPage,
  type PlaceOrderRequest,
} from '../../../domain/contract/orders'
import { IDEMPOTENCY_KEY_HEADER } from '../../../domain/contract/trades'
import { http, isNetworkError } from '../../../lib/http'
import { allTradesQueryKey } from './get-trades'

export type OrderList = (typeof ORDER_LISTS)[keyof typeof ORDER_LISTS]

export const allOrdersQueryKey = [...allTradesQueryKey, 'orders'] as const
export const ordersQueryKey = (list: OrderList) => [...allOrdersQueryKey, list] as const

const LIST_FAILURE: Record<OrderList, string> = {
  pending: 'Failed to fetch pending orders. Please try again.',
  history: 'Failed to fetch order history. Please try again.',
}

export async function getOrdersPage(list: OrderList, page: number): Promise<OrdersPage> {
  try {
    return await http.get(`/orders?status=${list}&page=${page}`, { schema: OrdersPageSchema })
  } catch (error) {
    throw new Error(LIST_FAILURE[list], { cause: error })
  }
}

export const getOrdersQueryOptions = (list: OrderList) =>
  infiniteQueryOptions({
    queryKey: ordersQueryKey(list),
    queryFn: ({ pageParam }) => getOrdersPage(list, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last: OrdersPage) => (last.links.next ? last.meta.current_page + 1 : undefined),
    // Orders change only by the customer's own requests and by pushes, both of which invalidate.
    staleTime: 30_000,
  })

export const useOrders = (list: OrderList, enabled = true) =>
  useInfiniteQuery({ ...getOrdersQueryOptions(list), enabled })

/** The orders of every loaded page, without duplicates (an order may shift pages between two fetches). */
export function flattenOrders(pages: readonly OrdersPage[] | undefined): Order[] {
  if (!pages) return []
  const seen = new Set<number>()
  const orders: Order[] = []
  for (const page of pages) {
    for (const order of page.data) {
      if (seen.has(order.id)) continue
      seen.add(order.id)
      orders.push(order)
    }
  }
  return orders
}

/** order.updated reloads the order lists (a fill's trade.updated reloads the positions). */
export async function refreshOrders(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: allOrdersQueryKey })
}

export interface PlaceOrderVariables {
  payload: PlaceOrderRequest
  /** Made once per submit by the caller, as for POST /trades/store: a retried request never places two orders. */
  idempotencyKey: string
}

export async function placeOrder({ payload, idempotencyKey }: PlaceOrderVariables): Promise<Order> {
  const body = await http.post('/orders', payload, {
    schema: OrderResponseSchema,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  })
  return body.data
}

export async function modifyOrder(orderId: number, changes: ModifyOrderRequest): Promise<Order> {
  const body = await http.patch(`/orders/${orderId}`, changes, { schema: OrderResponseSchema })
  return body.data
}

export async function cancelOrder(orderId: number): Promise<Order> {
  const body = await http.delete(`/orders/${orderId}`, { schema: OrderResponseSchema })
  return body.data
}

export function usePlaceOrder() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: placeOrder,
    // As POST /trades/store: only an unanswered request is retried, with the same key; a refusal is final.
    retry: (failureCount, error) => failureCount < 2 && isNetworkError(error),
    retryDelay: 1_000,
    onSettled: () => queryClient.invalidateQueries({ queryKey: allOrdersQueryKey }),
  })
}

export function useModifyOrder() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ orderId, changes }: { orderId: number; changes: ModifyOrderRequest }) =>
      modifyOrder(orderId, changes),
    onSettled: () => queryClient.invalidateQueries({ queryKey: allOrdersQueryKey }),
  })
}

export function useCancelOrder() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: cancelOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: allOrdersQueryKey }),
  })
}
