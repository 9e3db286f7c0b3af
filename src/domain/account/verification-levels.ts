// Verification (KYC) levels of decision 0020, as pure rules over the user's documents and the clock:
//   1: an e-mail address and a phone number;
//   2: level 1 and an approved identity document, front and back;
//   3: level 2 and an approved proof of address issued within the last 3 months.
// An approved proof of address past that age is `expired`; withdrawals need level 2.
import {
  ADDRESS_PROOF_MAX_AGE_MONTHS,
  VERIFICATION_STATUSES,
  type VerificationDocumentType,
  type VerificationStatus,
} from '../contract/verification'

export interface DocumentFacts {
  type: VerificationDocumentType
  /** The review's status as stored. */
  status: 'pending' | 'approved' | 'rejected'
  /** YYYY-MM-DD; proofs of address only. */
  issuedOn: string | null
  createdAt: Date
}

/** The first day a proof of address issued on `issuedOn` no longer counts (issue day + 3 months, clamped). */
export function addressProofExpiresOn(issuedOn: string): Date {
  const [year, month, day] = issuedOn.split('-').map(Number) as [number, number, number]
  const targetMonth = month - 1 + ADDRESS_PROOF_MAX_AGE_MONTHS
  const lastDay = new Date(Date.UTC(year, targetMonth + 1, 0)).getUTCDate()
  return new Date(Date.UTC(year, targetMonth, Math.min(day, lastDay)))
}

/** Whether a proof of address issued that day is still recent enough at `now`. */
export function isAddressProofCurrent(issuedOn: string, now: Date): boolean {
  return now.getTime() < addressProofExpiresOn(issuedOn).getTime()
}

/** What the customer sees for one document: the stored status, or `expired` for an old proof of address. */
export function documentStatus(document: DocumentFacts, now: Date): VerificationStatus {
  if (
    document.status === 'approved' &&
    document.type === 'address' &&
    (document.issuedOn === null || !isAddressProofCurrent(document.issuedOn, now))
  ) {
    return VERIFICATION_STATUSES.EXPIRED
  }
  return document.status
}

/** Whether an approved document of this type counts now. */
export function hasApproved(
  documents: readonly DocumentFacts[],
  type: VerificationDocumentType,
  now: Date,
): boolean {
  return documents.some(
    (document) => document.type === type && documentStatus(document, now) === VERIFICATION_STATUSES.APPROVED,
  )
}

/**
 * The status shown for a type: `none` without documents; an approved one that still counts wins (a later upload
 * waiting or refused does not undo it); otherwise the latest document's.
 */
export function typeStatus(
  documents: readonly DocumentFacts[],
  type: VerificationDocumentType,
  now: Date,
): VerificationStatus {
  const ofType = documents
    .filter((document) => document.type === type)
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
  const latest = ofType[0]
  if (!latest) return VERIFICATION_STATUSES.NONE
  if (latest.status === 'pending') return VERIFICATION_STATUSES.PENDING
  if (hasApproved(ofType, type, now)) return VERIFICATION_STATUSES.APPROVED
  return documentStatus(latest, now)
}

export interface LevelFacts {
  email: string | null
  phone: string | null
  documents: readonly DocumentFacts[]
}

/** The level reached at `now`: 0 to 3; each needs the one below. */
export function verificationLevel(facts: LevelFacts, now: Date): 0 | 1 | 2 | 3 {
  if (!facts.email?.trim() || !facts.phone?.trim()) return 0
  if (!hasApproved(facts.documents, 'identity', now) || !hasApproved(facts.documents, 'identity_back', now))
    return 1
  if (!hasApproved(facts.documents, 'address', now)) return 2
  return 3
}

export interface LevelDescription {
  level: 1 | 2 | 3
  title: string
  requirements: string[]
  unlocks: string[]
}

/** What each level takes and unlocks, for the verification page. */
export const VERIFICATION_LEVELS: readonly LevelDescription[] = [
  {
    level: 1,
    title: 'Contact details',
    requirements: ['Email address', 'Phone number with country code'],
    unlocks: ['Trading', 'Deposits', 'Support chat'],
  },
  {
    level: 2,
    title: 'Identity',
    requirements: ['Passport, ID card or driving licence: front', 'The same document: back'],
    unlocks: ['Withdrawals, within the limits shown on the withdrawal page'],
  },
  {
    level: 3,
    title: 'Address',
    requirements: ['Utility bill or bank statement issued within the last 3 months'],
    unlocks: ['Fully verified account: nothing more will be asked before a withdrawal'],
  },
]
