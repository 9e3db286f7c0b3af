// GET and PATCH /user/notification-preferences (decision 0037): the push categories the server pushes by, kept per
// customer. A change answers the whole stored set, which replaces the cached one.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  NotificationPreferencesResponseSchema,
  NotificationPreferencesSavedResponseSchema,
  type NotificationPreferencesPatch,
  type StoredNotificationPreferences,
} from '../../../domain/contract/notification-preferences'
import { http } from '../../../lib/http'
import { ACCOUNT_KEYS } from './query-keys'

export async function getNotificationPreferences(): Promise<StoredNotificationPreferences> {
  const body = await http.get('/user/notification-preferences', {
    schema: NotificationPreferencesResponseSchema,
  })
  return body.data
}

// Fresh for 10 s: the settings page's loader asks for it as the page's code loads, and its mount does not ask again;
// a change here replaces it with the server's answer.
export const getNotificationPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: ACCOUNT_KEYS.notificationPreferences,
    queryFn: getNotificationPreferences,
    staleTime: 10_000,
  })

export const useServerNotificationPreferences = () => useQuery(getNotificationPreferencesQueryOptions())

export function updateNotificationPreferences(patch: NotificationPreferencesPatch) {
  return http.patch('/user/notification-preferences', patch, {
    schema: NotificationPreferencesSavedResponseSchema,
  })
}

export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onSuccess: (answer) => queryClient.setQueryData(ACCOUNT_KEYS.notificationPreferences, answer.data),
  })
}
