// GET /funds/summary (decision 0019): what the customer can withdraw now and what holds money back.
import { z } from 'zod'
import { dataEnvelope } from './common'

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
