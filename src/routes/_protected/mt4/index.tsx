import { createFileRoute } from '@tanstack/react-router'
import { PlannedPage, StandaloneFrame } from '../../../features/shell'
import { useSettings } from '../../../features/site'
import { DEFAULT_SITE_NAME } from '../../../domain/site/site-state'

export const Route = createFileRoute('/_protected/mt4/')({
  component: Page,
})

function Page() {
  const settings = useSettings()
  return (
    <StandaloneFrame siteName={settings.data?.name ?? DEFAULT_SITE_NAME} area="MT4 workspace">
      <PlannedPage
        title="Trading workspace"
        trail={[{ label: 'Trading', to: '/mt4' }, { label: 'Trading workspace' }]}
        summary="Market watch, the live chart, buy and sell, positions and your balance, equity and margin will be here."
      />
    </StandaloneFrame>
  )
}
