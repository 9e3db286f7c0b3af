import { createFileRoute } from '@tanstack/react-router'
import { PublicPlannedPage } from '../features/shell'

export const Route = createFileRoute('/auto-login')({
  component: () => (
    <PublicPlannedPage
      title="Signing you in"
      summary="One-time sign-in links from your broker are being built. Please sign in with your e-mail and password."
    />
  ),
})
