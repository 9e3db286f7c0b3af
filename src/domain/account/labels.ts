// What the account centre's statuses say to people (decision 0020), each with a tone: the chips pair the colour with
// these words, never colour alone.
import { SIGN_IN_RESULTS, type SignInResult } from '../contract/sign-ins'
import { VERIFICATION_STATUSES, type VerificationStatus } from '../contract/verification'
import type { StatusTone } from '../display/status-tone'

export const SIGN_IN_RESULT_LABELS: Record<SignInResult, { label: string; tone: StatusTone }> = {
  [SIGN_IN_RESULTS.SUCCESS]: { label: 'Signed in', tone: 'success' },
  [SIGN_IN_RESULTS.FAILURE]: { label: 'Wrong password', tone: 'danger' },
  [SIGN_IN_RESULTS.TWO_FACTOR_FAILED]: { label: 'Wrong code', tone: 'warning' },
}

/** The secret in groups of four, as authenticator apps show it and people copy it: 'JBSW Y3DP EHPK 3PXP'. */
export const groupSecret = (secret: string) => secret.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ')

/** A verification document's status in words (with an icon beside it on the page). */
export const VERIFICATION_STATUS_LABELS: Record<VerificationStatus, { label: string; tone: StatusTone }> = {
  [VERIFICATION_STATUSES.NONE]: { label: 'Not uploaded', tone: 'neutral' },
  [VERIFICATION_STATUSES.PENDING]: { label: 'In review', tone: 'accent' },
  [VERIFICATION_STATUSES.APPROVED]: { label: 'Approved', tone: 'success' },
  [VERIFICATION_STATUSES.REJECTED]: { label: 'Rejected', tone: 'danger' },
  [VERIFICATION_STATUSES.EXPIRED]: { label: 'Expired', tone: 'warning' },
}
