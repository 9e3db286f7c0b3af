// This device's Web Push subscription (decision 0037): GET /push/key, POST and DELETE /push/subscriptions, with the
// browser's side from src/lib/web-push.ts. The query holds the browser's own state (permission, subscribed), which
// only these mutations and the browser's settings change.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { partial } from 'zod/mini'
import { PushKeyResponseSchema, PushMessageResponseSchema } from '../../../domain/contract/price-alerts'
import { PUSH_TEXTS, type NotificationPermissionState } from '../../../domain/notifications/web-push'
import { http, request } from '../../../lib/http'
import {
  currentPushSubscription,
  notificationPermission,
  requestNotificationPermission,
  subscribeToPush,
} from '../../../lib/web-push'
import { ACCOUNT_KEYS } from './query-keys'

export interface PushDeviceState {
  permission: NotificationPermissionState
  subscribed: boolean
}

export const pushDeviceQueryKey = [...ACCOUNT_KEYS.all, 'push-device'] as const

async function readPushDevice(): Promise<PushDeviceState> {
  const permission = notificationPermission()
  const subscription = permission === 'granted' ? await currentPushSubscription() : null
  return { permission, subscribed: subscription !== null }
}

export const pushDeviceQueryOptions = () =>
  queryOptions({ queryKey: pushDeviceQueryKey, queryFn: readPushDevice, staleTime: Infinity })

export const usePushDevice = (enabled: boolean) => useQuery({ ...pushDeviceQueryOptions(), enabled })

/** Thrown when the browser's permission is not granted: the switch says why instead of a toast. */
export class PushPermissionError extends Error {
  constructor(readonly permission: NotificationPermissionState) {
    super(permission === 'denied' ? PUSH_TEXTS.BLOCKED_TITLE : PUSH_TEXTS.NOT_GRANTED)
  }
}

async function turnOn(): Promise<PushDeviceState> {
  const permission = await requestNotificationPermission()
  if (permission !== 'granted') throw new PushPermissionError(permission)
  const key = await http.get('/push/key', { schema: PushKeyResponseSchema })
  const { subscription, request: body } = await subscribeToPush(key.data.public_key)
  try {
    await http.post('/push/subscriptions', body, { schema: partial(PushMessageResponseSchema) })
  } catch (error) {
    // The server does not know this subscription: keep none rather than one nothing is sent to.
    await subscription.unsubscribe().catch(() => false)
    throw error
  }
  return { permission, subscribed: true }
}

async function turnOff(): Promise<PushDeviceState> {
  const subscription = await currentPushSubscription()
  if (subscription) {
    await request('/push/subscriptions', {
      method: 'DELETE',
      body: { endpoint: subscription.endpoint },
      schema: partial(PushMessageResponseSchema),
    })
    await subscription.unsubscribe()
  }
  return { permission: notificationPermission(), subscribed: false }
}

export function useSetPushOnThisDevice() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (on: boolean) => (on ? turnOn() : turnOff()),
    onSuccess: (state) => queryClient.setQueryData(pushDeviceQueryKey, state),
    onError: () => queryClient.invalidateQueries({ queryKey: pushDeviceQueryKey }),
  })
}
