// The sign-in history (decision 0020): each password and second-factor attempt, the last 50. In zod/mini: the settings page loads it for its first render, and zod/mini builds schemas at import for less CPU
// than classic zod (decision 0043).
import * as z from 'zod/mini'
import { IsoTimeSchema } from './account-common'
import { dataEnvelope } from './common'
import { DeviceSummarySchema } from './sessions'
import './zod-messages'

export const SIGN_IN_RESULTS = {
  SUCCESS: 'success',
  /** Wrong password (or a locked account's attempt). */
  FAILURE: 'failure',
  /** The password was right but the two-factor code was not. */
  TWO_FACTOR_FAILED: 'two_factor_failed',
} as const
export const SignInResultSchema = z.enum([
  SIGN_IN_RESULTS.SUCCESS,
  SIGN_IN_RESULTS.FAILURE,
  SIGN_IN_RESULTS.TWO_FACTOR_FAILED,
])
export type SignInResult = z.infer<typeof SignInResultSchema>
export const SignInEventSchema = z.object({
  id: z.int(),
  result: SignInResultSchema,
  ip: z.nullable(z.string()),
  user_agent: z.nullable(z.string()),
  device: DeviceSummarySchema,
  created_at: IsoTimeSchema,
})
export type SignInEvent = z.infer<typeof SignInEventSchema>
export const SIGN_IN_HISTORY_SIZE = 50
/** GET /user/sign-ins: the last 50, newest first. */
export const SignInsResponseSchema = dataEnvelope(z.array(SignInEventSchema))
