import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { CountryResidencePage } from '../../../features/registration'
import { useSettings } from '../../../features/site'

/**
 * The setup step (docs/product/registration.md#country-of-residence-step); without a registration draft the visitor
 * is sent back to /signup.
 */
export const Route = createFileRoute('/_guest/register/country-residence')({
  component: CountryResidenceRoute,
})

function CountryResidenceRoute() {
  const navigate = useNavigate()
  const settings = useSettings().data
  return (
    <CountryResidencePage
      settings={settings}
      onContinue={() => void navigate({ to: '/register' })}
      onMissingDraft={() => void navigate({ to: '/signup', replace: true })}
    />
  )
}
