// The Audit page's filters and rows (decision 0017): every action in the filter in words, a damaged link drops only
// the bad filter, typed ids are checked before anything is asked, and snapshots become plain indented JSON text.
import { describe, expect, it } from 'vitest'
import {
  AUDIT_ACTION_OPTIONS,
  AuditSearchSchema,
  auditPersonLabel,
  auditSnapshotText,
  parseIdFilter,
} from '../../../src/domain/back-office/audit-log'
import { AUDIT_ACTIONS } from '../../../src/domain/contract/audit'

describe('the audit filters', () => {
  it('offer every audit action, each in words', () => {
    expect(AUDIT_ACTION_OPTIONS.map((option) => option.value)).toEqual(Object.values(AUDIT_ACTIONS))
    for (const option of AUDIT_ACTION_OPTIONS) expect(option.label).not.toContain('.')
  })

  it('drop a bad filter from a link but keep the good ones', () => {
    expect(
      AuditSearchSchema.parse({ action: 'balance.adjusted', actor_id: 'abc', user_id: '12', page: '2' }),
    ).toEqual({ action: 'balance.adjusted', actor_id: undefined, user_id: 12, page: 2 })
    expect(AuditSearchSchema.parse({ user_id: '99999999999' }).user_id).toBeUndefined()
  })

  it('accept a blank id as no filter and refuse anything but a whole number', () => {
    expect(parseIdFilter('  ')).toEqual({ ok: true, id: undefined })
    expect(parseIdFilter(' 42 ')).toEqual({ ok: true, id: 42 })
    expect(parseIdFilter('4.5')).toMatchObject({ ok: false })
    expect(parseIdFilter('-1')).toMatchObject({ ok: false })
    expect(parseIdFilter('0')).toMatchObject({ ok: false })
  })
})

describe('an audit row', () => {
  it('shows a snapshot as indented JSON text, markup and all', () => {
    const text = auditSnapshotText({
      maintenanceMessage: '<img src=x onerror=alert(1)>',
      leverage: { forex: 200 },
    })
    expect(text).toBe(
      '{\n  "maintenanceMessage": "<img src=x onerror=alert(1)>",\n  "leverage": {\n    "forex": 200\n  }\n}',
    )
  })

  it("says 'None' for an absent or empty snapshot", () => {
    expect(auditSnapshotText(null)).toBe('None')
    expect(auditSnapshotText(undefined)).toBe('None')
    expect(auditSnapshotText({})).toBe('None')
  })

  it('names a person, or their id once the account has no name', () => {
    expect(auditPersonLabel('Ada Admin', 2, 'System')).toBe('Ada Admin')
    expect(auditPersonLabel(null, 7, 'System')).toBe('User #7')
    expect(auditPersonLabel(null, null, 'System')).toBe('System')
  })
})
