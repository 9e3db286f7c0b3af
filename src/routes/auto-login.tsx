import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { z } from 'zod'
import { AutoLoginPage } from '../features/session'
import { useSettings } from '../features/site'
import { DEFAULT_SITE_NAME } from '../domain/site/site-state'

const AutoLoginSearchSchema = z.object({ token: z.string().max(200).optional().catch(undefined) })

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
