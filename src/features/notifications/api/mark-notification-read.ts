// POST /notifications/{id}/read (docs/product/api.md#calls): the notification stops showing; the server tells the
// user's other tabs with user.updated, and the caller reloads the user in this one.
import { useMutation } from '@tanstack/react-query'
import { MessageResponseSchema } from '../../../domain/contract/user'
import { http } from '../../../lib/http'

export async function markNotificationRead(id: string | number): Promise<void> {
  await http.post(`/notifications/${encodeURIComponent(String(id))}/read`, undefined, {
    schema: MessageResponseSchema,
  })
}

export const useMarkNotificationRead = () => useMutation({ mutationFn: markNotificationRead })
