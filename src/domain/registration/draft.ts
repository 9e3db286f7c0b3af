// The registration draft (docs/product/data-model.md#registration-draft; docs/product/registration.md#flow): what the
// start page and the setup step hand on to the full form through browser storage (key registration_data). Pure: the
// clock is passed in.
import * as z from 'zod/mini'
import '../contract/zod-messages'

export const RegistrationDraftSchema = z.object({
  email: z.string(),
  password: z.string(),
  /** A slug from the email check's two-letter code (may be 'united_states', see countries.ts). */
  country: z.string(),
  /** When the start page stored it, as an ISO string. */
  timestamp: z.iso.datetime({ offset: true }),
  // Added by the setup step (docs/product/registration.md#country-of-residence-step).
  countryOfResidence: z.optional(z.string()),
  nationality: z.optional(z.string()),
  agreePrivacy: z.optional(z.boolean()),
})
export type RegistrationDraft = z.infer<typeof RegistrationDraftSchema>

/** What the setup step adds to the draft. */
export type DraftSetupStep = Pick<RegistrationDraft, 'countryOfResidence' | 'nationality' | 'agreePrivacy'>

/**
 * 24 hours. The spec sets no limit, but the draft holds the customer's password in clear in IndexedDB: an
 * application abandoned for a day is treated as missing (and removed) rather than kept there indefinitely.
 */
export const DRAFT_MAX_AGE_MS = 24 * 60 * 60 * 1000

export function createDraft(
  input: { email: string; password: string; country: string },
  now: Date,
): RegistrationDraft {
  return {
    email: input.email,
    password: input.password,
    country: input.country,
    timestamp: now.toISOString(),
  }
}

/** Expired when older than DRAFT_MAX_AGE_MS, or when its timestamp cannot be read. */
export function isDraftExpired(draft: Pick<RegistrationDraft, 'timestamp'>, now: Date): boolean {
  const storedAt = Date.parse(draft.timestamp)
  if (Number.isNaN(storedAt)) return true
  return now.getTime() - storedAt > DRAFT_MAX_AGE_MS
}

/** A stored value as a usable draft: null when it does not parse or has expired. */
export function usableDraft(stored: unknown, now: Date): RegistrationDraft | null {
  const parsed = RegistrationDraftSchema.safeParse(stored)
  if (!parsed.success || isDraftExpired(parsed.data, now)) return null
  return parsed.data
}
