// PATCH /admin/users/{id}: approve or reactivate ({ status: 'active' }), deactivate ({ status: 'deactivated',
// reason }; the server answers 422 without a reason) or change the plan ({ account_type_id }). The server pushes
// user.updated to the customer, whose open tabs show or release the gate without a click.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { AdminUserResponseSchema, type AdminUserPatch } from '../../../domain/contract/clients'
import { http } from '../../../lib/http'
import { invalidateClient } from './invalidate-client'

export interface UpdateClientInput {
  userId: number
  patch: AdminUserPatch
}

export async function updateClient({ userId, patch }: UpdateClientInput) {
  const body = await http.patch(`/admin/users/${userId}`, patch, { schema: AdminUserResponseSchema })
  return body.data
}

export function useUpdateClient() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateClient,
    onSettled: (_result, _error, input) => invalidateClient(queryClient, input.userId),
  })
}
