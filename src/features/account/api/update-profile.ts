// PATCH /user/profile: the changed fields only; answers the whole profile, which replaces the cached one.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { ProfilePatchResponseSchema, type ProfilePatch } from '../../../domain/contract/profile'
import { http } from '../../../lib/http'
import { ACCOUNT_KEYS } from './query-keys'

export async function updateProfile(patch: ProfilePatch) {
  return http.patch('/user/profile', patch, { schema: ProfilePatchResponseSchema })
}

export function useUpdateProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (answer) => queryClient.setQueryData(ACCOUNT_KEYS.profile, answer.data),
  })
}
