import { createFileRoute } from '@tanstack/react-router'
import { CardDeposit, getFundsOptionsQueryOptions } from '../../../../features/funds'
import { loadPageData } from '../../../-page-data'

/**
 * /main/deposit/card: a card deposit, 3-D Secure when the bank asks (decision 0019). Its loader asks for the card
 * limits and ships with the page (decision 0042), so the funds contract stays out of the bundle /login downloads.
 */
export const Route = createFileRoute('/_protected/main/deposit/card')({
  loader: ({ context }) => loadPageData(context.queryClient, [getFundsOptionsQueryOptions()]),
  component: CardDeposit,
})
