// "Ask about this" (decision 0019): every money movement links to /main/chat?about=<reference>, and the composer
// opens with the reference in it. The parameter arrives from a URL anyone can craft, so it is held to what a
// reference looks like (letters, digits and a few separators; 80 characters so a 0x-prefixed transaction hash of 66
// fits) and anything else is dropped, never shown: a link cannot put arbitrary words in the customer's mouth. The
// schema is the route's `validateSearch`, loaded before the first render of every page: guards (see
// ../search-params.ts).
import { type Infer, object, optionalParam, refine, trimmedString } from '../guard'

export const ABOUT_REFERENCE_MAX = 80

const REFERENCE = /^[A-Za-z0-9][A-Za-z0-9._:#/-]*$/
export const AboutReferenceSchema = refine(
  trimmedString(),
  (reference) => reference.length <= ABOUT_REFERENCE_MAX && REFERENCE.test(reference),
  'Expected a reference',
)

/** /main/chat's search: `about` when it is a reference, otherwise absent (an invalid one is ignored, not an error). */
export const ChatSearchSchema = object({
  about: optionalParam(AboutReferenceSchema),
})
export type ChatSearch = Infer<typeof ChatSearchSchema>

/** The composer's opening text for a question about one reference; the customer finishes the sentence. */
export const aboutMessage = (reference: string) => `Question about ${reference}: `
