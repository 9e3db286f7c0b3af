import { useMutation } from '@tanstack/react-query'
import { MessageResponseSchema } from '../../../domain/contract/user'
import { http } from '../../../lib/http'

export async function requestPasswordReset(email: string) {
  return http.post('/auth/forgot-password', { email }, { schema: MessageResponseSchema })
}

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset })
