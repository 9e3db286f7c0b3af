import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { signUpVariant } from '../../domain/registration/signup-variant'
import { FullRegistrationPage, SignUpStartPage } from '../../features/registration'
import { useSettings } from '../../features/site'

/**
 * The register-page chooser (docs/product/registration.md#register-page-variants): r_page 'ic' and 'td' start with
 * email and password; anything else is the full form.
 */
export const Route = createFileRoute('/_guest/signup')({
  component: SignupRoute,
})

function SignupRoute() {
  const navigate = useNavigate()
  const settings = useSettings().data
  const variant = signUpVariant(settings?.r_page)
  if (variant === 'basic') {
    return <FullRegistrationPage settings={settings} onRegistered={() => void navigate({ to: '/' })} />
  }
  return (
    <SignUpStartPage
      key={variant}
      variant={variant}
      settings={settings}
      onStarted={() => void navigate({ to: '/register/country-residence' })}
    />
  )
}
