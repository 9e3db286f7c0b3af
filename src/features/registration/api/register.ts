import { RegisterResponseSchema, type RegistrationPayload } from '../../../domain/contract/auth'
import type { User } from '../../../domain/contract/user'
import { http } from '../../../lib/http'

/**
 * POST /auth/register (docs/product/api.md#calls): 201 with the new user, 409 for a taken email or username, 422 per
 * field.
 */
export async function register(payload: RegistrationPayload): Promise<User> {
  const body = await http.post('/auth/register', payload, { schema: RegisterResponseSchema })
  return body.data.user
}
