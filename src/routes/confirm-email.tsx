import { useQueryClient } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { ACCOUNT_KEYS, ConfirmEmailPage } from '../features/account'
import { AuthCard, authLinkClass, loadCurrentUser, useSession } from '../features/session'
import { useSettings } from '../features/site'
import { object, optionalParam, string } from '../domain/guard'
import { DEFAULT_SITE_NAME } from '../domain/site/site-state'

// The mailed link (decision 0020): /confirm-email?token=... Public: the token is the proof, so it works in a browser
// that is not signed in, and a signed-in one sees the new address at once. A guard: a route's search schema loads
// before the first render of every page (src/domain/search-params.ts).
const ConfirmEmailSearchSchema = object({ token: optionalParam(string()) })

export const Route = createFileRoute('/confirm-email')({
  validateSearch: ConfirmEmailSearchSchema,
  component: ConfirmEmailRoute,
})

function ConfirmEmailRoute() {
  const { token } = Route.useSearch()
  const queryClient = useQueryClient()
  const signedIn = useSession((state) => Boolean(state.user && state.token))
  const settings = useSettings()
  return (
    <AuthCard
      siteName={settings.data?.name ?? DEFAULT_SITE_NAME}
      title="Confirm your new e-mail address"
      lead="The link you opened changes the address you sign in with."
    >
      <div className={css({ display: 'grid', gap: '4' })}>
        <ConfirmEmailPage
          token={token}
          onConfirmed={() => {
            if (!signedIn) return
            void queryClient.invalidateQueries({ queryKey: ACCOUNT_KEYS.profile })
            void loadCurrentUser(queryClient, { fresh: true }).catch(() => undefined)
          }}
        />
        <Link to={signedIn ? '/main/personal' : '/'} className={authLinkClass}>
          {signedIn ? 'Back to your details' : 'Go to sign in'}
        </Link>
      </div>
    </AuthCard>
  )
}
