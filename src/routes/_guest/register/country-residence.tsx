import { createFileRoute } from '@tanstack/react-router'
import { PublicPlannedPage } from '../../../features/shell'

export const Route = createFileRoute('/_guest/register/country-residence')({
  component: () => (
    <PublicPlannedPage
      title="Country of residence"
      summary="Set Up, Financial Profile, ID Check: this setup step is being built."
      back={{ to: '/signup', label: 'Back to the application' }}
    />
  ),
})
