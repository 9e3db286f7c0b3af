import { useChangePassword } from '../api/change-password'
import { AccountSection } from './account-section'
import { ChangePasswordFormView } from './change-password-form'
import { SessionsList } from './sessions-list'
import { SignInHistory } from './sign-in-history'
import { TwoFactorSettings } from './two-factor-settings'

/**
 * The settings page's Security part: password, two-factor sign-in, signed-in devices and the sign-in history. Its
 * own chunk, loaded after the page's first render (settings-page.tsx).
 */
export function SecuritySettings(props: {
  siteName: string
  onUserChanged: () => void
  nowMs: () => number
}) {
  const changePassword = useChangePassword()
  return (
    <>
      <AccountSection title="Password" level="h3">
        <ChangePasswordFormView onSubmit={(request) => changePassword.mutateAsync(request)} />
      </AccountSection>
      <TwoFactorSettings siteName={props.siteName} onChanged={props.onUserChanged} />
      <SessionsList nowMs={props.nowMs} />
      <SignInHistory />
    </>
  )
}
