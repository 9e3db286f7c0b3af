import { createFileRoute } from '@tanstack/react-router'
import { DEFAULT_SITE_NAME } from '../domain/site/site-state'
import { LegalPage, getLegalDocumentQueryOptions } from '../features/legal'
import { useSettings } from '../features/site'
import { loadPageData } from './-page-data'

/** The Help Center (decision 0022): the operator's help text, linked from the sign-up pages. */
export const Route = createFileRoute('/help')({
  loader: ({ context }) => loadPageData(context.queryClient, [getLegalDocumentQueryOptions('help')]),
  component: HelpRoute,
})

function HelpRoute() {
  const settings = useSettings()
  return <LegalPage document="help" siteName={settings.data?.name ?? DEFAULT_SITE_NAME} />
}
