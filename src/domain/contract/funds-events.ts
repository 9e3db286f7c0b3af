// The cashier's realtime event (decision 0019), in zod/mini: the signed-in main layout listens for it from its first
// render, and zod/mini builds schemas at import for less CPU than classic zod (decision 0043).
import * as z from 'zod/mini'
import './zod-messages'

/**
 * On the customer's private-user channel: a deposit, withdrawal or savings move changed (a confirmation counted, a
 * decision made). Open cashier pages refetch; the balance follows user.updated as before.
 */
export const FUNDS_UPDATED_EVENT = 'funds.updated'
export const FundsUpdatedEventSchema = z.object({
  kind: z.enum(['deposit', 'withdrawal', 'savings']),
  id: z.nullable(z.int()),
  status: z.nullable(z.string()),
})
export type FundsUpdatedEvent = z.infer<typeof FundsUpdatedEventSchema>
