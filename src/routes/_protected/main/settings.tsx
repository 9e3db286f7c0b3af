import { useQueryClient } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import {
  SettingsPage,
  getNotificationPreferencesQueryOptions,
  getSessionsQueryOptions,
  getSignInsQueryOptions,
  getTwoFactorQueryOptions,
} from '../../../features/account'
import { useDisplayCurrency } from '../../../features/marketplace'
import { loadCurrentUser } from '../../../features/session'
import { PageHeader } from '../../../features/shell'
import { useSettings } from '../../../features/site'
import { DEFAULT_SITE_NAME } from '../../../domain/site/site-state'
import { RenderAfterFirstPaint } from '../../../components/render-after-first-paint'
import { loadPageData } from '../../-page-data'

export const Route = createFileRoute('/_protected/main/settings')({
  // The first screen (the header, Display and the top of Notifications) shows no server data of its own; every query
  // here feeds a part below it, so none holds the page back (routes/-page-data.ts).
  loader: ({ context }) =>
    loadPageData(context.queryClient, [], {
      belowTheFold: [
        getNotificationPreferencesQueryOptions(),
        getTwoFactorQueryOptions(),
        getSessionsQueryOptions(),
        getSignInsQueryOptions(),
      ],
    }),
  component: Settings,
})

function Settings() {
  const queryClient = useQueryClient()
  const settings = useSettings()
  const display = useDisplayCurrency()
  return (
    <div>
      <PageHeader
        title="Settings"
        trail={[{ label: 'Account', to: '/main/dashboard' }, { label: 'Settings' }]}
        description="Display, notifications and the security of your account."
      />
      {/* The header (the page's largest text) paints first; the sections' selects and switches render after it, in
          their own transition (docs/decisions/0043-the-signed-in-start-on-a-phone.md, "Twelfth pass"). */}
      <RenderAfterFirstPaint>
        <SettingsPage
          siteName={settings.data?.name ?? DEFAULT_SITE_NAME}
          currency={display.currency}
          currencies={display.currencies}
          onCurrencyChange={display.setCurrency}
          onUserChanged={() => void loadCurrentUser(queryClient, { fresh: true }).catch(() => undefined)}
          nowMs={() => Date.now()}
        />
      </RenderAfterFirstPaint>
    </div>
  )
}
