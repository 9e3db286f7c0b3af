// An audit row's before and after as the client page's audit trail shows them (decision 0017).
import { describe, expect, it } from 'vitest'
import { auditActionLabel, auditChanges } from '../../../src/domain/back-office/labels'

describe('auditChanges', () => {
  it('reads a status change as from and to', () => {
    expect(auditChanges({ status: 'pending' }, { status: 'active' })).toEqual(['status: pending → active'])
  })

  it('reads an adjustment with grouped figures, the new fields by value, and no bare row ids', () => {
    expect(
      auditChanges(
        { balance: 10_000 },
        { balance: 12_500, amount: 2_500, kind: 'deposit', ledger_entry_id: 1 },
      ),
    ).toEqual(['balance: 10,000 → 12,500', 'amount: 2,500', 'kind: deposit'])
  })

  it('keeps a plan change whose id was there before, and says nothing of a missing or odd before', () => {
    expect(auditChanges({ account_type_id: 1 }, { account_type_id: 2 })).toEqual(['account type id: 1 → 2'])
    expect(auditChanges(null, { expires_at: '2026-11-25T09:00:00.000Z' })).toEqual([
      'expires at: 2026-11-25T09:00:00.000Z',
    ])
    expect(auditChanges('x', [1, 2])).toEqual([])
  })

  it('names known actions and leaves an unknown one as its code', () => {
    expect(auditActionLabel('balance.adjusted')).toBe('Balance adjusted')
    expect(auditActionLabel('documents.reviewed')).toBe('documents.reviewed')
  })
})
