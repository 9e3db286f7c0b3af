import { createFileRoute, redirect } from '@tanstack/react-router'

/**
 * docs/product/site-and-gates.md#routes names /trading the "trading area" and shows nothing of its own; the trading
 * area is the /mt4 workspace, so /trading opens it rather than keeping a second, emptier page to maintain.
 */
export const Route = createFileRoute('/_protected/trading')({
  beforeLoad: () => {
    throw redirect({ to: '/mt4', replace: true })
  },
})
