// POST /auth/reset-password (decision 0020): the mailed link's token and a new password. Single use, 30 minutes;
// every session of the account is signed out. No bearer token: the link is the proof.
import { useMutation } from '@tanstack/react-query'
import type { ResetPasswordRequest } from '../../../domain/contract/password'
import { MessageResponseSchema } from '../../../domain/contract/user'
import { http } from '../../../lib/http'

export async function resetPassword(request: ResetPasswordRequest) {
  return http.post('/auth/reset-password', request, { schema: MessageResponseSchema, anonymous: true })
}

export const useResetPassword = () => useMutation({ mutationFn: resetPassword })
