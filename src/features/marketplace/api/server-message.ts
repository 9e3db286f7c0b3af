import { ApiErrorSchema } from '../../../domain/contract/wire'
import { HttpError } from '../../../lib/http'

/**
 * The sentence of the server's error envelope, for real error answers only (4xx/5xx): a network failure or a
 * time-out has none, and the caller shows the spec's fallback instead.
 */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof HttpError) || error.status < 400) return null
  const parsed = ApiErrorSchema.safeParse(error.data)
  return parsed.success && parsed.data.message.trim() ? parsed.data.message : null
}
