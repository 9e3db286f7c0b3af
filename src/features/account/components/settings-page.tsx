import { Box } from 'styled-system/jsx'
import { grid } from 'styled-system/patterns'
import type { DisplayCurrency } from '../../../domain/format/currency'
import { useChangePassword } from '../api/change-password'
import { AccountSection } from './account-section'
import { ChangePasswordFormView } from './change-password-form'
import { DisplaySettings } from './display-settings'
import { NotificationSettings } from './notification-settings'
import { SessionsList } from './sessions-list'
import { SignInHistory } from './sign-in-history'
import { TwoFactorSettings } from './two-factor-settings'

export interface SettingsPageProps {
  siteName: string
  currency: DisplayCurrency
  currencies: readonly DisplayCurrency[]
  onCurrencyChange: (code: string) => void
  /** Something the user object carries changed (two-factor on or off): read it again. */
  onUserChanged: () => void
  nowMs: () => number
}

/** /main/settings (decision 0020): display, notifications and security. */
export function SettingsPage(props: SettingsPageProps) {
  const changePassword = useChangePassword()
  return (
    <div className={grid({ gap: '6', maxW: '56rem' })}>
      <DisplaySettings
        currency={props.currency}
        currencies={props.currencies}
        onCurrencyChange={props.onCurrencyChange}
      />
      <NotificationSettings />
      <section aria-labelledby="security-heading" className={grid({ gap: '4' })}>
        <Box as="h2" id="security-heading" fontSize="xl" fontWeight="semibold" mt="2">
          Security
        </Box>
        <AccountSection title="Password" level="h3">
          <ChangePasswordFormView onSubmit={(request) => changePassword.mutateAsync(request)} />
        </AccountSection>
        <TwoFactorSettings siteName={props.siteName} onChanged={props.onUserChanged} />
        <SessionsList nowMs={props.nowMs} />
        <SignInHistory />
      </section>
    </div>
  )
}
