// POST /user/avatar (multipart `file`, progress shown) and DELETE /user/avatar. The profile and the user (chat shows
// the avatar) refetch after either.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { AvatarResponseSchema } from '../../../domain/contract/profile'
import { uploadFile } from '../../../lib/files'
import { http, HttpError } from '../../../lib/http'
import { ACCOUNT_KEYS } from './query-keys'

export async function uploadAvatar(file: File, onProgress: (fraction: number) => void) {
  const body = await uploadFile('/user/avatar', file, {
    onProgress: (loaded, total) => onProgress(total > 0 ? loaded / total : 0),
  })
  const parsed = AvatarResponseSchema.safeParse(body)
  if (!parsed.success) {
    throw new HttpError({
      message: 'Invalid response from server',
      status: 201,
      statusText: 'Invalid response',
      data: body,
      url: '/user/avatar',
      method: 'POST',
    })
  }
  return parsed.data
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
