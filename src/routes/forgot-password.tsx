import { createFileRoute } from '@tanstack/react-router'
import { ForgotPasswordPage } from '../features/session'
import { useSettings } from '../features/site'
import { DEFAULT_SITE_NAME } from '../domain/site/site-state'

export const Route = createFileRoute('/forgot-password')({
  component: ForgotPasswordRoute,
})

function ForgotPasswordRoute() {
  const settings = useSettings()
  return <ForgotPasswordPage siteName={settings.data?.name ?? DEFAULT_SITE_NAME} />
}
