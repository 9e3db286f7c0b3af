import { createFileRoute, useNavigate } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { LoginPage } from '../features/session'
import { useSettings } from '../features/site'
import { DEFAULT_SITE_NAME } from '../domain/site/site-state'
import { homeOf, redirectSignedIn } from './-guards'

// Spec 2.1: on mobile the login can also be reached as /?type=basic.
const LoginSearchSchema = z.object({ type: z.catch(z.optional(z.literal('basic')), undefined) })

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
