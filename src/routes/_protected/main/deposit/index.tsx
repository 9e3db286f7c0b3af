import { createFileRoute, redirect } from '@tanstack/react-router'
import { DEFAULT_DEPOSIT_COIN } from '../../../../domain/funds/deposit-search'

/** docs/product/site-and-gates.md#routes: a bare /main/deposit opens the crypto deposit. */
export const Route = createFileRoute('/_protected/main/deposit/')({
  beforeLoad: () => {
    throw redirect({ to: '/main/deposit/$crypto', params: { crypto: DEFAULT_DEPOSIT_COIN }, replace: true })
  },
})
