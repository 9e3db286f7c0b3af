import { describe, expect, it } from 'vitest'
import { buildChatRows, dayHeading, dayKey, messageTime } from '../../../src/domain/chat/day-groups'
import { message } from './fixtures'

const NOW = new Date('2025-03-05T12:00:00.000Z')

describe('grouping by day', () => {
  it('puts a heading before the first message of each day', () => {
    const rows = buildChatRows(
      [
        message({ id: 1, created_at: '2025-03-01T09:00:00.000Z' }),
        message({ id: 2, created_at: '2025-03-01T18:00:00.000Z' }),
        message({ id: 3, created_at: '2025-03-04T08:00:00.000Z' }),
        message({ id: 4, created_at: '2025-03-05T07:30:00.000Z' }),
        message({ id: 5, created_at: '2025-03-05T11:59:00.000Z' }),
      ],
      NOW,
      'UTC',
    )
    expect(rows.map((row) => (row.kind === 'day' ? row.label : row.message.id))).toEqual([
      // ICU versions differ on the comma after the weekday.
      expect.stringMatching(/^Saturday,? 1 March 2025$/),
      1,
      2,
      'Yesterday',
      3,
      'Today',
      4,
      5,
    ])
    expect(new Set(rows.map((row) => row.key)).size).toBe(rows.length)
  })

  it("groups by the viewer's calendar day, not by UTC", () => {
    const lateEvening = message({ id: 1, created_at: '2025-03-05T02:00:00.000Z' })
    // 02:00 UTC on the 5th is still the 4th in New York (21:00).
    expect(dayKey(new Date(lateEvening.created_at), 'America/New_York')).toBe('2025-03-04')
    const rows = buildChatRows([lateEvening], NOW, 'America/New_York')
    expect(rows[0]).toMatchObject({ kind: 'day', label: 'Yesterday' })
    expect(buildChatRows([lateEvening], NOW, 'Europe/Berlin')[0]).toMatchObject({ label: 'Today' })
  })

  it('counts Yesterday across a month and a year boundary', () => {
    expect(dayHeading(new Date('2024-12-31T10:00:00Z'), new Date('2025-01-01T10:00:00Z'), 'UTC')).toBe(
      'Yesterday',
    )
    expect(dayHeading(new Date('2025-02-28T10:00:00Z'), new Date('2025-03-01T10:00:00Z'), 'UTC')).toBe(
      'Yesterday',
    )
  })

  it("without a zone uses the device's own, like Intl does", () => {
    const date = new Date('2025-07-14T23:30:00.000Z')
    const intl = new Intl.DateTimeFormat('en-CA', {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(date)
    expect(dayKey(date)).toBe(intl)
  })

  it('shows 24-hour times in the zone, and nothing for an unreadable date', () => {
    expect(messageTime('2025-03-05T14:07:00.000Z', 'UTC')).toBe('14:07')
    expect(messageTime('2025-03-05T14:07:00.000Z', 'Asia/Kolkata')).toBe('19:37')
    expect(messageTime('not a date', 'UTC')).toBe('')
  })

  it('is empty for no messages', () => {
    expect(buildChatRows([], NOW, 'UTC')).toEqual([])
  })
})
