import { createFileRoute } from '@tanstack/react-router'
import { CardDeposit } from '../../../../features/funds'

// No loader: a route's loader stays in the entry chunk (only components are split), and the card limits would
// drag the funds contract into the bundle /login downloads. The form loads them itself.

/** /main/deposit/card: a card deposit, 3-D Secure when the bank asks (decision 0019). */
export const Route = createFileRoute('/_protected/main/deposit/card')({
  component: CardDeposit,
})
