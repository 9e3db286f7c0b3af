import { createFileRoute } from '@tanstack/react-router'
import { toast } from '../components/ui/toast'
import { ResetPasswordPage } from '../features/session'
import { useSettings } from '../features/site'
import { object, optionalParam, string } from '../domain/guard'
import { DEFAULT_SITE_NAME } from '../domain/site/site-state'

// The mailed link (decision 0020): /reset-password?token=... Public: the token is the proof, signed in or not.
// A guard: a route's search schema loads before the first render of every page (src/domain/search-params.ts).
const ResetPasswordSearchSchema = object({ token: optionalParam(string()) })

export const Route = createFileRoute('/reset-password')({
  validateSearch: ResetPasswordSearchSchema,
  component: ResetPasswordRoute,
})

function ResetPasswordRoute() {
  const settings = useSettings()
  const { token } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <ResetPasswordPage
      siteName={settings.data?.name ?? DEFAULT_SITE_NAME}
      token={token}
      onReset={(message) => {
        toast.success(message)
        void navigate({ to: '/', search: {}, replace: true })
      }}
    />
  )
}
