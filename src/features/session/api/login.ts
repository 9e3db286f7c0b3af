import { useMutation } from '@tanstack/react-query'
import { LoginResponseSchema, type LoginRequest } from '../../../domain/contract/user'
import { http } from '../../../lib/http'
import { sessionStore } from '../../../lib/session-store'

export async function login(credentials: LoginRequest) {
  const body = await http.post('/auth/login', credentials, { schema: LoginResponseSchema })
  return body.data
}

export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: ({ user, token }) => sessionStore.signIn(user, token),
  })
}
