// The site's legal and help pages (decision 0022: the sign-up pages' Terms, Privacy, Risk Disclosure and Help Center
// links led to 404). Their text is the operator's, edited in the back office's Settings; it is stored in
// site_settings under `legal`, served one page at a time by the public GET /legal/{document}, and shown as text:
// paragraphs split at blank lines, never HTML.
import { z } from 'zod'
import { dataEnvelope, TextSchema } from './common'
import { LEGAL_DOCUMENTS } from './legal-documents'

export * from './legal-documents'

/** About 15 printed pages: room for a real broker's terms. */
export const LEGAL_TEXT_MAX = 50_000

const LegalTextSchema = TextSchema.check(
  z.maxLength(LEGAL_TEXT_MAX, {
    message: `A page's text is at most ${LEGAL_TEXT_MAX.toLocaleString('en-US')} characters`,
  }),
)

/** Every page's text, as GET /admin/settings answers it under `legal`. */
export const LegalTextsSchema = z.object({
  terms: LegalTextSchema,
  privacy: LegalTextSchema,
  'risk-disclosure': LegalTextSchema,
  help: LegalTextSchema,
})
export type LegalTexts = z.infer<typeof LegalTextsSchema>

/** PATCH /admin/settings `{ legal }`: the pages named are replaced whole; an empty text is refused. */
export const LegalTextsPatchSchema = z
  .object({
    terms: LegalTextSchema.check(z.trim(), z.minLength(1, { message: 'A page needs some text' })),
    privacy: LegalTextSchema.check(z.trim(), z.minLength(1, { message: 'A page needs some text' })),
    'risk-disclosure': LegalTextSchema.check(z.trim(), z.minLength(1, { message: 'A page needs some text' })),
    help: LegalTextSchema.check(z.trim(), z.minLength(1, { message: 'A page needs some text' })),
  })
  .partial()
  .strict()
export type LegalTextsPatch = z.infer<typeof LegalTextsPatchSchema>

export const LegalDocumentParamsSchema = z.object({ document: TextSchema.check(z.maxLength(40)) })

/** GET /legal/{document}. */
export const LegalDocumentSchema = z.object({
  document: z.enum(LEGAL_DOCUMENTS),
  title: z.string(),
  body: z.string(),
})
export type LegalDocument = z.infer<typeof LegalDocumentSchema>
export const LegalDocumentResponseSchema = dataEnvelope(LegalDocumentSchema)

export const LEGAL_MESSAGES = {
  NOT_FOUND: 'Page not found',
} as const
