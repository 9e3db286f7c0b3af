import { createFileRoute, redirect } from '@tanstack/react-router'

/** The crypto deposit a bare /main/deposit opens (spec 2.1). */
export const DEFAULT_DEPOSIT_CRYPTO = 'bitcoin'

export const Route = createFileRoute('/_protected/main/deposit/')({
  beforeLoad: () => {
    throw redirect({ to: '/main/deposit/$crypto', params: { crypto: DEFAULT_DEPOSIT_CRYPTO }, replace: true })
  },
})
