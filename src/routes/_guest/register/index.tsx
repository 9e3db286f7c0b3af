import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { RegisterPage } from '../../../features/registration'
import { useSettings } from '../../../features/site'

/**
 * The full registration form (docs/product/registration.md#full-registration-form), completing the draft; without one
 * the visitor goes to /signup.
 */
export const Route = createFileRoute('/_guest/register/')({
  component: RegisterRoute,
})

function RegisterRoute() {
  const navigate = useNavigate()
  const settings = useSettings().data
  return (
    <RegisterPage
      settings={settings}
      onRegistered={() => void navigate({ to: '/' })}
      onMissingDraft={() => void navigate({ to: '/signup', replace: true })}
    />
  )
}
