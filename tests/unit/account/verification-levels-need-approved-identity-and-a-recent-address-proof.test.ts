// The verification levels of decision 0020: 1 is an e-mail and a phone, 2 adds an approved identity document front
// and back, 3 adds an approved proof of address issued within the last 3 months (older ones are `expired`).
import { describe, expect, it } from 'vitest'
import {
  addressProofExpiresOn,
  documentStatus,
  typeStatus,
  verificationLevel,
  type DocumentFacts,
} from '../../../src/domain/account/verification-levels'

const NOW = new Date('2026-06-15T12:00:00Z')
const doc = (
  type: DocumentFacts['type'],
  status: DocumentFacts['status'],
  issuedOn: string | null = null,
  createdAt = new Date('2026-06-01T00:00:00Z'),
): DocumentFacts => ({ type, status, issuedOn, createdAt })
const contact = { email: 'ann@example.com', phone: '+447700900123' }

describe('verificationLevel', () => {
  it('is 0 without a phone, 1 with e-mail and phone', () => {
    expect(verificationLevel({ ...contact, phone: null, documents: [] }, NOW)).toBe(0)
    expect(verificationLevel({ ...contact, phone: '  ', documents: [] }, NOW)).toBe(0)
    expect(verificationLevel({ ...contact, documents: [] }, NOW)).toBe(1)
  })

  it('is 2 only with both sides of the identity document approved', () => {
    const front = doc('identity', 'approved')
    const back = doc('identity_back', 'approved')
    expect(verificationLevel({ ...contact, documents: [front] }, NOW)).toBe(1)
    expect(verificationLevel({ ...contact, documents: [front, doc('identity_back', 'pending')] }, NOW)).toBe(
      1,
    )
    expect(verificationLevel({ ...contact, documents: [front, back] }, NOW)).toBe(2)
  })

  it('is 3 with a proof of address issued within 3 months, and falls back to 2 when it ages', () => {
    const identity = [doc('identity', 'approved'), doc('identity_back', 'approved')]
    const recent = doc('address', 'approved', '2026-04-01')
    expect(verificationLevel({ ...contact, documents: [...identity, recent] }, NOW)).toBe(3)
    expect(
      verificationLevel({ ...contact, documents: [...identity, recent] }, new Date('2026-07-01T00:00:00Z')),
    ).toBe(2)
    // Address without identity does not skip a level.
    expect(verificationLevel({ ...contact, documents: [recent] }, NOW)).toBe(1)
  })

  it('does not count rejected or pending documents', () => {
    const documents = [doc('identity', 'rejected'), doc('identity_back', 'approved')]
    expect(verificationLevel({ ...contact, documents }, NOW)).toBe(1)
  })
})

describe('statuses', () => {
  it('marks an approved proof of address expired three months after its issue day', () => {
    expect(addressProofExpiresOn('2026-03-15').toISOString()).toBe('2026-06-15T00:00:00.000Z')
    // The 31st of a month three months on is clamped to the month's last day.
    expect(addressProofExpiresOn('2025-11-30').toISOString()).toBe('2026-02-28T00:00:00.000Z')
    expect(documentStatus(doc('address', 'approved', '2026-03-16'), NOW)).toBe('approved')
    expect(documentStatus(doc('address', 'approved', '2026-03-15'), NOW)).toBe('expired')
    expect(documentStatus(doc('identity', 'approved'), NOW)).toBe('approved')
  })

  it("shows a type's latest document, but an approval in force is not undone by a later refusal", () => {
    expect(typeStatus([], 'identity', NOW)).toBe('none')
    const earlier = new Date('2026-05-01T00:00:00Z')
    expect(
      typeStatus([doc('identity', 'rejected', null, earlier), doc('identity', 'pending')], 'identity', NOW),
    ).toBe('pending')
    expect(
      typeStatus([doc('identity', 'approved', null, earlier), doc('identity', 'rejected')], 'identity', NOW),
    ).toBe('approved')
    expect(typeStatus([doc('identity', 'rejected')], 'identity', NOW)).toBe('rejected')
    expect(typeStatus([doc('address', 'approved', '2026-01-01')], 'address', NOW)).toBe('expired')
  })
})
