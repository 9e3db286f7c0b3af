import { useQueryClient } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { AlertBox } from '../../../components/ui/alert-box'
import { Spinner } from '../../../components/ui/spinner'
import {
  FundsSettingsForm,
  LegalSettingsForm,
  SiteSettingsForm,
  useFundsSettings,
  useLegalSettings,
  getFundsSettingsQueryOptions,
  getLegalSettingsQueryOptions,
} from '../../../features/back-office'
import { PageHeader } from '../../../features/shell'
import { settingsQueryKey, useSettings } from '../../../features/site'
import { loadPageData } from '../../-page-data'

/**
 * Site settings (decision 0017): every setting the server accepts, with the maintenance screen's preview; then the
 * funds settings (decision 0019), which only admins read, and the legal pages' texts (decision 0022).
 */
export const Route = createFileRoute('/_protected/admin/settings')({
  loader: ({ context }) =>
    loadPageData(context.queryClient, [getFundsSettingsQueryOptions(), getLegalSettingsQueryOptions()]),
  component: SettingsPage,
})

function SettingsPage() {
  const queryClient = useQueryClient()
  const settings = useSettings()
  const funds = useFundsSettings()
  const legal = useLegalSettings()

  return (
    <div>
      <PageHeader
        title="Site settings"
        trail={[{ label: 'Back office', to: '/admin' }, { label: 'Settings' }]}
        description="What every customer sees: the site's name and status, sign-up, links and leverage. Changes apply to open sessions at once."
      />
      {/* The cached copy shown at start-up is not what to edit from: wait for the server's. */}
      {settings.data && !settings.isPlaceholderData ? (
        <SiteSettingsForm
          settings={settings.data}
          // The site's own query (features/site) is refreshed here: features do not import each other.
          onSaved={() => void queryClient.invalidateQueries({ queryKey: settingsQueryKey })}
        />
      ) : settings.isError ? (
        <AlertBox variant="destructive" title="The settings could not be loaded." />
      ) : (
        <div
          role="status"
          className={css({ display: 'flex', gap: '2', alignItems: 'center', color: 'text.muted' })}
        >
          <Spinner size="sm" />
          Loading the settings...
        </div>
      )}
      <div className={css({ mt: '6' })}>
        {funds.data ? (
          <FundsSettingsForm settings={funds.data} />
        ) : funds.isError ? (
          <AlertBox variant="destructive" title="The funds settings could not be loaded." />
        ) : null}
      </div>
      <div className={css({ mt: '6' })}>
        {legal.data ? (
          <LegalSettingsForm texts={legal.data} />
        ) : legal.isError ? (
          <AlertBox variant="destructive" title="The legal pages could not be loaded." />
        ) : null}
      </div>
    </div>
  )
}
