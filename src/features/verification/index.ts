// Verification (KYC, decision 0020): the levels and what each unlocks, the documents per type with their status, the
// reason and advice when one is rejected, and uploads with progress. Decisions arrive live: the route refetches
// the summary on user.updated.
export { VerificationPage } from './components/verification-page'
export { verificationQueryKey, getVerificationQueryOptions } from './api/get-verification'
