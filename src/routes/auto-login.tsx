import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { AutoLoginPage } from '../features/session'
import { useSettings } from '../features/site'
import { object, optionalParam, refine, string } from '../domain/guard'
import { DEFAULT_SITE_NAME } from '../domain/site/site-state'

// A guard: a route's search schema loads before the first render of every page (src/domain/search-params.ts).
const AutoLoginSearchSchema = object({
  token: optionalParam(refine(string(), (token) => token.length <= 200, 'Expected a shorter token')),
})

export const Route = createFileRoute('/auto-login')({
  validateSearch: AutoLoginSearchSchema,
  component: AutoLoginRoute,
})

function AutoLoginRoute() {
  const { token } = Route.useSearch()
  const navigate = useNavigate()
  const settings = useSettings()
  return (
    <AutoLoginPage
      siteName={settings.data?.name ?? DEFAULT_SITE_NAME}
      token={token}
      onSignedIn={() => void navigate({ to: '/main', replace: true })}
    />
  )
}
