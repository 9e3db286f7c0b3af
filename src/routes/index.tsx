import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { LoginPage } from '../features/session'
import { useSettings } from '../features/site'
import { object, oneOf, optionalParam } from '../domain/guard'
import { DEFAULT_SITE_NAME } from '../domain/site/site-state'
import { homeOf, redirectSignedIn } from './-guards'

// docs/product/site-and-gates.md#routes: on mobile the login can also be reached as /?type=basic.
const LoginSearchSchema = object({ type: optionalParam(oneOf(['basic'])) })

export const Route = createFileRoute('/')({
  validateSearch: LoginSearchSchema,
  beforeLoad: redirectSignedIn,
  component: LoginRoute,
})

function LoginRoute() {
  const navigate = useNavigate()
  const settings = useSettings()
  const context = Route.useRouteContext()
  return (
    <LoginPage
      siteName={settings.data?.name ?? DEFAULT_SITE_NAME}
      onSignedIn={() => void navigate({ to: homeOf(context) })}
    />
  )
}
