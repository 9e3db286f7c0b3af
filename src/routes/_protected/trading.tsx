import { createFileRoute } from '@tanstack/react-router'
import { PlannedPage, StandaloneFrame } from '../../features/shell'
import { useSettings } from '../../features/site'
import { DEFAULT_SITE_NAME } from '../../domain/site/site-state'

export const Route = createFileRoute('/_protected/trading')({
  component: Page,
})

function Page() {
  const settings = useSettings()
  return (
    <StandaloneFrame siteName={settings.data?.name ?? DEFAULT_SITE_NAME} area="Trading">
      <PlannedPage
        title="Trading"
        trail={[{ label: 'Trading', to: '/mt4' }, { label: 'Trading area' }]}
        summary="Live prices, charts and one-click trading will be here; the MT4-style workspace is at /mt4."
      />
    </StandaloneFrame>
  )
}
