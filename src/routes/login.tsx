import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { LoginPage } from '../features/session'
import { useSettings } from '../features/site'
import { DEFAULT_SITE_NAME } from '../domain/site/site-state'
import { homeOf, redirectSignedIn } from './-guards'

export const Route = createFileRoute('/login')({
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
