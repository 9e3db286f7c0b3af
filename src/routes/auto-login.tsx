import { createFileRoute, useNavigate } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { AutoLoginPage } from '../features/session'
import { useSettings } from '../features/site'
import { optionalSearchParam } from '../domain/search-params'
import { DEFAULT_SITE_NAME } from '../domain/site/site-state'

// zod/mini: a route's search schema loads before the first render of every page (src/domain/search-params.ts).
const AutoLoginSearchSchema = z.object({ token: optionalSearchParam(z.string().check(z.maxLength(200))) })

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
