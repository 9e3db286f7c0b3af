// Signed-in devices: each bearer token is a session (decision 0020). Shared failures: account-common.ts. In zod/mini:
// the settings page loads it for its first render, and zod/mini builds schemas at import for less CPU than classic zod
// (decision 0043).
import * as z from 'zod/mini'
import { ACCOUNT_MESSAGES, IsoTimeSchema } from './account-common'
import { dataEnvelope, SerialIdSchema } from './common'
import './zod-messages'

/** What a user agent says, for people: 'Chrome 124 on Windows 10'. Parsed on the server (bowser). */
export const DEVICE_TYPES = ['desktop', 'mobile', 'tablet', 'tv', 'unknown'] as const
export const DeviceSummarySchema = z.object({
  browser: z.nullable(z.string()),
  os: z.nullable(z.string()),
  type: z.enum(DEVICE_TYPES),
  /** 'Chrome 124 on Windows 10', 'Safari on iOS 17.4', or 'Unknown device'. */
  label: z.string(),
})
export type DeviceSummary = z.infer<typeof DeviceSummarySchema>

/**
 * One signed-in device: each bearer token is a session. `last_seen_at` moves at most once a minute. `current` marks
 * the caller's own. Revoked and expired sessions are not listed.
 */
export const SessionSchema = z.object({
  id: z.int(),
  current: z.boolean(),
  ip: z.nullable(z.string()),
  user_agent: z.nullable(z.string()),
  device: DeviceSummarySchema,
  created_at: IsoTimeSchema,
  last_seen_at: IsoTimeSchema,
})
export type Session = z.infer<typeof SessionSchema>
/** GET /user/sessions: the caller's current session first, then the most recently seen. */
export const SessionsResponseSchema = dataEnvelope(z.array(SessionSchema))
export const SessionIdParamsSchema = z.object({ id: SerialIdSchema })
/** DELETE /user/sessions/{id}: signs out one session (404 for another user's or one already signed out). */
export const RevokeSessionResponseSchema = z.object({ message: z.string() })
/** DELETE /user/sessions?others=true: signs out every session but the caller's. `others` is required. */
export const RevokeSessionsQuerySchema = z.object({
  others: z.enum(['true'], { message: ACCOUNT_MESSAGES.OTHERS_REQUIRED }),
})
export const RevokeSessionsResponseSchema = z.object({
  message: z.string(),
  data: z.object({ revoked: z.int() }),
})

/**
 * Published on the owner's `private-user.{id}` when a session is signed out (one, all others, a password change or
 * reset). The tabs of that device find their token refused (GET /user answers 401) and go to / at once.
 */
export const SessionRevokedEventSchema = z.object({ session_id: z.int() })
export type SessionRevokedEvent = z.infer<typeof SessionRevokedEventSchema>
