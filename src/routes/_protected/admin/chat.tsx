import { createFileRoute } from '@tanstack/react-router'
import { PlannedPage, StandaloneFrame } from '../../../features/shell'
import { useSettings } from '../../../features/site'
import { DEFAULT_SITE_NAME } from '../../../domain/site/site-state'

export const Route = createFileRoute('/_protected/admin/chat')({
  component: Page,
})

function Page() {
  const settings = useSettings()
  return (
    <StandaloneFrame siteName={settings.data?.name ?? DEFAULT_SITE_NAME} area="Admin">
      <PlannedPage
        title="Admin chat console"
        trail={[{ label: 'Admin' }, { label: 'Chat console' }]}
        summary="Support staff will answer customers here: user list, conversations and live messages."
      />
    </StandaloneFrame>
  )
}
