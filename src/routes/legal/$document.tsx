import { createFileRoute, notFound } from '@tanstack/react-router'
import { isLegalDocument } from '../../domain/contract/legal-documents'
import { DEFAULT_SITE_NAME } from '../../domain/site/site-state'
import { LegalPage, getLegalDocumentQueryOptions } from '../../features/legal'
import { useSettings } from '../../features/site'
import { loadPageData } from '../-page-data'

/** Terms, Privacy Policy and Risk Disclosure (decision 0022), with the operator's text; the Help Center is /help. */
export const Route = createFileRoute('/legal/$document')({
  // In the loader, not beforeLoad: the loader is split off with the page (decision 0042), so the legal contract stays
  // out of the route tree that every page (the login page first) downloads.
  loader: ({ context, params }) => {
    if (!isLegalDocument(params.document) || params.document === 'help') throw notFound()
    return loadPageData(context.queryClient, [getLegalDocumentQueryOptions(params.document)])
  },
  component: LegalRoute,
})

function LegalRoute() {
  const { document } = Route.useParams()
  const settings = useSettings()
  const siteName = settings.data?.name ?? DEFAULT_SITE_NAME
  return isLegalDocument(document) ? <LegalPage document={document} siteName={siteName} /> : null
}
