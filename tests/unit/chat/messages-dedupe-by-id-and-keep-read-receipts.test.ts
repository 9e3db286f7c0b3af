import { describe, expect, it } from 'vitest'
import {
  flattenPages,
  isOwnMessage,
  markMessageRead,
  mergeMessages,
  newestCreatedAt,
  pageFromUrl,
  readUpToId,
} from '../../../src/domain/chat/messages'
import { ids, message } from './fixtures'

describe('mergeMessages', () => {
  it('removes duplicates by id and keeps ascending order', () => {
    const base = [message({ id: 1 }), message({ id: 3 })]
    const merged = mergeMessages(base, [
      message({ id: 2 }),
      message({ id: 3 }),
      message({ id: 4 }),
      message({ id: 4 }),
    ])
    expect(ids(merged)).toEqual([1, 2, 3, 4])
  })

  it('returns the same list when every message is known and unchanged, so nothing re-renders', () => {
    const base = [message({ id: 1 }), message({ id: 2 })]
    expect(mergeMessages(base, [message({ id: 2 })])).toBe(base)
    expect(mergeMessages(base, [])).toBe(base)
  })

  it('takes read_at from a newer copy, and never loses it to an older one (a poll after message.read)', () => {
    const base = [message({ id: 1, read_at: null })]
    const read = mergeMessages(base, [message({ id: 1, read_at: '2025-03-03T10:05:00.000Z' })])
    expect(read[0]?.read_at).toBe('2025-03-03T10:05:00.000Z')
    const stale = mergeMessages(read, [message({ id: 1, read_at: null })])
    expect(stale).toBe(read)
  })

  it('sorts messages that arrive out of order (a poll racing a push)', () => {
    expect(
      ids(mergeMessages([message({ id: 5 })], [message({ id: 7 }), message({ id: 6 }), message({ id: 2 })])),
    ).toEqual([2, 5, 6, 7])
  })
})

describe('flattenPages', () => {
  it('puts older pages first and drops the overlap of shifted offset pages', () => {
    // Page 1 (newest) was fetched, then two messages arrived, then page 2: it repeats 49 and 50.
    const page1 = { data: [51, 52, 53].map((id) => message({ id })) }
    const page2 = { data: [48, 49, 50].map((id) => message({ id })) }
    const page1Later = { data: [49, 50, 51, 52, 53, 54].map((id) => message({ id })) }
    expect(ids(flattenPages([page1, page2]))).toEqual([48, 49, 50, 51, 52, 53])
    expect(ids(flattenPages([page1Later, page2]))).toEqual([48, 49, 50, 51, 52, 53, 54])
    expect(flattenPages(undefined)).toEqual([])
  })

  it('keeps a read receipt whichever page carries it', () => {
    const readCopy = message({ id: 10, read_at: '2025-03-03T11:00:00.000Z' })
    const flat = flattenPages([{ data: [readCopy] }, { data: [message({ id: 10 }), message({ id: 9 })] }])
    expect(ids(flat)).toEqual([9, 10])
    expect(flat[1]?.read_at).toBe('2025-03-03T11:00:00.000Z')
  })

  it('flattens 10,000 messages in 200 pages in linear time', () => {
    const pages = Array.from({ length: 200 }, (_, page) => ({
      data: Array.from({ length: 50 }, (_, i) => message({ id: 10_000 - page * 50 - 49 + i })),
    }))
    const started = performance.now()
    const flat = flattenPages(pages)
    expect(performance.now() - started).toBeLessThan(200)
    expect(flat).toHaveLength(10_000)
    expect(flat[0]?.id).toBe(1)
    expect(flat.at(-1)?.id).toBe(10_000)
  })
})

describe('read receipts', () => {
  it('message.read sets read_at once, by id', () => {
    const list = [message({ id: 1 }), message({ id: 2 })]
    const read = markMessageRead(list, 2, '2025-03-03T12:00:00.000Z')
    expect(read[1]?.read_at).toBe('2025-03-03T12:00:00.000Z')
    expect(markMessageRead(read, 2, '2025-03-03T13:00:00.000Z')).toBe(read)
    expect(markMessageRead(read, 99, '2025-03-03T13:00:00.000Z')).toBe(read)
  })

  it('marks read up to the newest message from the other side, only when one is unread', () => {
    const fromSupport = (id: number, read = false) =>
      message({ id, is_admin: true, read_at: read ? '2025-03-03T12:00:00.000Z' : null })
    const fromCustomer = (id: number) => message({ id, is_admin: false })
    // The customer sees support's messages 2 and 3 unread; their own message 4 does not count.
    expect(readUpToId([fromCustomer(1), fromSupport(2), fromSupport(3), fromCustomer(4)], false)).toBe(3)
    expect(readUpToId([fromSupport(2, true), fromSupport(3, true), fromCustomer(4)], false)).toBeNull()
    // The admin sees the customer's messages.
    expect(readUpToId([fromSupport(2), fromCustomer(4), fromCustomer(5)], true)).toBe(5)
    expect(readUpToId([], true)).toBeNull()
  })

  it("a message is the viewer's own when it comes from the viewer's side", () => {
    expect(isOwnMessage({ is_admin: true }, true)).toBe(true)
    expect(isOwnMessage({ is_admin: true }, false)).toBe(false)
    expect(isOwnMessage({ is_admin: false }, false)).toBe(true)
  })
})

describe('paging helpers', () => {
  it('reads the page number from next_page_url', () => {
    expect(pageFromUrl('/api/v1/chat/messages?page=3&customer_id=7')).toBe(3)
    expect(pageFromUrl('http://x/api/v1/chat/messages?customer_id=7&page=12')).toBe(12)
    expect(pageFromUrl(null)).toBeNull()
    expect(pageFromUrl('/api/v1/chat/messages?page=zero')).toBeNull()
  })

  it('names the newest created_at for a catch-up fetch', () => {
    expect(newestCreatedAt([])).toBeNull()
    expect(newestCreatedAt([message({ id: 1, created_at: 'a' }), message({ id: 2, created_at: 'b' })])).toBe(
      'b',
    )
  })
})
