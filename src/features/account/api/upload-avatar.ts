// POST /user/avatar (multipart `file`, progress shown) and DELETE /user/avatar. The profile and the user (chat shows
// the avatar) refetch after either.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { AvatarResponseSchema } from '../../../domain/contract/profile'
import { uploadChecked } from '../../../lib/files'
import { http } from '../../../lib/http'
import { ACCOUNT_KEYS } from './query-keys'

export async function uploadAvatar(file: File, onProgress: (fraction: number) => void) {
  return uploadChecked('/user/avatar', file, AvatarResponseSchema, {
    onProgress: (loaded, total) => onProgress(total > 0 ? loaded / total : 0),
  })
}

export async function removeAvatar() {
  return http.delete('/user/avatar', { schema: AvatarResponseSchema })
}

export function useUploadAvatar(onProgress: (fraction: number) => void) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (file: File) => uploadAvatar(file, onProgress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ACCOUNT_KEYS.profile }),
  })
}

export function useRemoveAvatar() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: removeAvatar,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ACCOUNT_KEYS.profile }),
  })
}
