// GET /funds/summary (decision 0019): what the customer can withdraw now and what holds money back. In zod/mini: the withdrawal and savings pages load it for their first render, and zod/mini builds schemas at
// import for less CPU than classic zod (decision 0043).
import * as z from 'zod/mini'
import { dataEnvelope } from './common'
import './zod-messages'

/** GET /funds/summary: "withdrawable now" and what holds money back, at the server's prices. */
export const FundsSummarySchema = z.object({
  balance: z.number(),
  equity: z.number(),
  margin: z.number(),
  free_margin: z.number(),
  /** Held for withdrawals in review or approved (already out of the balance). */
  reserved: z.number(),
  /** Never counted as margin. */
  savings: z.number(),
  withdrawable: z.number(),
})
export type FundsSummary = z.infer<typeof FundsSummarySchema>
export const FundsSummaryResponseSchema = dataEnvelope(FundsSummarySchema)
