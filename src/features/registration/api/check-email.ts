import { CheckEmailResponseSchema, type CheckEmailResponse } from '../../../domain/contract/auth'
import { http } from '../../../lib/http'

/**
 * POST /auth/check-email (docs/product/api.md#calls): is the address free, and which country the visitor is likely
 * in.
 */
export function checkEmail(email: string): Promise<CheckEmailResponse> {
  return http.post('/auth/check-email', { email }, { schema: CheckEmailResponseSchema })
}
