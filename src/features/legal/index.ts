// The legal and help pages (decision 0022): Terms, Privacy, Risk Disclosure and the Help Center, with the operator's
// text.
export { LegalPage } from './components/legal-page'
export { getLegalDocumentQueryOptions } from './api/get-legal-document'
