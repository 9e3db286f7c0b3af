import { createFileRoute } from '@tanstack/react-router'
import { PublicPlannedPage } from '../../features/shell'

export const Route = createFileRoute('/_guest/signup')({
  component: () => (
    <PublicPlannedPage
      title="Live Trading Account Application"
      summary="Online account opening is being built. Trading CFDs carries a high level of risk to your capital, and you should only trade with money you can afford to lose."
    />
  ),
})
