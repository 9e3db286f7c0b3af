import 'fake-indexeddb/auto'
// docs/architecture.md#offline: the chat history in IndexedDB, per conversation and viewer, the newest messages only,
// cleared on logout.
import Dexie from 'dexie'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { clearUserData, closeDatabase, DB_NAME, readChatHistory, saveChatHistory } from '../../../src/lib/db'
import { ids, message } from './fixtures'

async function deleteDatabase() {
  closeDatabase()
  await Dexie.delete(DB_NAME)
}
beforeEach(deleteDatabase)
afterEach(deleteDatabase)

describe('chat history storage', () => {
  it('is empty at first', async () => {
    expect(await readChatHistory('1:7')).toEqual([])
  })

  it('gives back what was stored, oldest first, with read receipts and attachments', async () => {
    const stored = [
      message({ id: 2, read_at: '2025-03-03T10:01:00.000Z' }),
      message({
        id: 1,
        attachments: [
          {
            id: 3,
            file_name: 'a.pdf',
            download_url: '/x',
            is_image: false,
            mime_type: 'application/pdf',
            size: 1,
          },
        ],
      }),
    ]
    await saveChatHistory('7:7', stored)
    const read = await readChatHistory('7:7')
    expect(ids(read)).toEqual([1, 2])
    expect(read[1]?.read_at).toBe('2025-03-03T10:01:00.000Z')
    expect(read[0]?.attachments[0]?.file_name).toBe('a.pdf')
  })

  it('keeps the newest messages only, and replaces what was stored', async () => {
    await saveChatHistory(
      '7:7',
      [1, 2, 3, 4, 5].map((id) => message({ id })),
      3,
    )
    expect(ids(await readChatHistory('7:7'))).toEqual([3, 4, 5])
    await saveChatHistory(
      '7:7',
      [5, 6].map((id) => message({ id })),
      3,
    )
    expect(ids(await readChatHistory('7:7'))).toEqual([5, 6])
  })

  it("keeps one viewer's copy apart from another's and from other conversations", async () => {
    await saveChatHistory('1:7', [message({ id: 10, read_at: 'admin saw it' })])
    await saveChatHistory('7:7', [message({ id: 10 })])
    await saveChatHistory('1:8', [message({ id: 11, customer_id: 8 })])
    expect((await readChatHistory('1:7'))[0]?.read_at).toBe('admin saw it')
    expect((await readChatHistory('7:7'))[0]?.read_at).toBeNull()
    expect(ids(await readChatHistory('1:8'))).toEqual([11])
  })

  it('skips rows that are not chat messages', async () => {
    await saveChatHistory('7:7', [message({ id: 1 })])
    closeDatabase()
    const raw = new Dexie(DB_NAME)
    await raw.open()
    await raw
      .table('chatHistory')
      .put({ conversationId: '7:7', id: 2, createdAt: 'x', message: { hacked: true } })
    raw.close()
    expect(ids(await readChatHistory('7:7'))).toEqual([1])
  })

  it('is cleared on logout', async () => {
    await saveChatHistory('7:7', [message({ id: 1 })])
    await clearUserData()
    expect(await readChatHistory('7:7')).toEqual([])
  })
})
