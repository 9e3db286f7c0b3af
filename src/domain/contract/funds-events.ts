// The cashier's realtime event (decision 0019).
import { z } from 'zod'

/**
 * On the customer's private-user channel: a deposit, withdrawal or savings move changed (a confirmation counted, a
 * decision made). Open cashier pages refetch; the balance follows user.updated as before.
 */
export const FUNDS_UPDATED_EVENT = 'funds.updated'
export const FundsUpdatedEventSchema = z.object({
  kind: z.enum(['deposit', 'withdrawal', 'savings']),
  id: z.number().int().nullable(),
  status: z.string().nullable(),
})
export type FundsUpdatedEvent = z.infer<typeof FundsUpdatedEventSchema>
