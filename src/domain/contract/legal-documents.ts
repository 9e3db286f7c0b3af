// Which legal pages there are and where they open, without a schema: the route tree (in every page's entry) checks a
// page's name with these, and ./legal's schemas would bring classic zod into the sign-in page's first load
// (decision 0027). ./legal re-exports all.

export const LEGAL_DOCUMENTS = ['terms', 'privacy', 'risk-disclosure', 'help'] as const
export type LegalDocumentKey = (typeof LEGAL_DOCUMENTS)[number]

export const LEGAL_DOCUMENT_TITLES: Readonly<Record<LegalDocumentKey, string>> = {
  terms: 'Terms and Conditions',
  privacy: 'Privacy Policy',
  'risk-disclosure': 'Risk Disclosure',
  help: 'Help Center',
}

/** Where each page opens in the client: the settings' default links point here. */
export const LEGAL_DOCUMENT_PATHS: Readonly<Record<LegalDocumentKey, string>> = {
  terms: '/legal/terms',
  privacy: '/legal/privacy',
  'risk-disclosure': '/legal/risk-disclosure',
  help: '/help',
}

export const isLegalDocument = (value: string): value is LegalDocumentKey =>
  (LEGAL_DOCUMENTS as readonly string[]).includes(value)
