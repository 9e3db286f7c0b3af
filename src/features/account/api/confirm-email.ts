// POST /user/email/confirm: the mailed link's token is the proof, so no bearer token goes with it. A link is single
// use: a second render (React's development double effects) must not spend it twice.
import { ConfirmEmailResponseSchema } from '../../../domain/contract/email-change'
import { http } from '../../../lib/http'

const inFlight = new Map<string, ReturnType<typeof send>>()

const send = (token: string) =>
  http.post('/user/email/confirm', { token }, { schema: ConfirmEmailResponseSchema, anonymous: true })

export function confirmEmail(token: string) {
  const existing = inFlight.get(token)
  if (existing) return existing
  const attempt = send(token)
  inFlight.set(token, attempt)
  return attempt
}
