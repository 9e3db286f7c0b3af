import { createFileRoute } from '@tanstack/react-router'
import { PublicPlannedPage } from '../features/shell'

export const Route = createFileRoute('/forgot-password')({
  component: () => (
    <PublicPlannedPage
      title="Reset your password"
      summary="Password reset by e-mail is being built. Until then, please contact support to reset your password."
    />
  ),
})
