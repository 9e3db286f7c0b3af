import 'fake-indexeddb/auto'
// The conversation hook: the stored history until the server answers, pushes merged once by id (including one that
// beats the first page), message.read setting read_at, the catch-up after a reconnect, and POST /chat/read once
// per newly seen message from the other side.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import Dexie from 'dexie'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ChatMessage } from '../../../src/domain/contract/chat'
import { useConversation } from '../../../src/features/chat/hooks/use-conversation'
import { closeDatabase, DB_NAME, readChatHistory, saveChatHistory } from '../../../src/lib/db'
import { configureHttp, resetHttpConfig } from '../../../src/lib/http'
import { ids, message } from './fixtures'
import { json } from './harness'

interface Call {
  method: string
  path: string
  body: unknown
}
let calls: Call[] = []
let page1: ChatMessage[] = []
let holdPage: Promise<void> | null = null

beforeEach(async () => {
  closeDatabase()
  await Dexie.delete(DB_NAME)
  calls = []
  page1 = []
  holdPage = null
  configureHttp({
    getBaseUrl: () => 'http://api.test/api/v1',
    log: () => {},
    fetch: async (url, init) => {
      const path = String(url).replace('http://api.test/api/v1', '')
      calls.push({
        method: init?.method ?? 'GET',
        path,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      })
      if (path.startsWith('/chat/messages')) {
        if (holdPage) await holdPage
        return json(200, { data: page1, next_page_url: null })
      }
      if (path === '/chat/read') return json(200, { message: 'ok' })
      return json(404, { message: 'Not found' })
    },
  })
})
afterEach(async () => {
  resetHttpConfig()
  closeDatabase()
  await Dexie.delete(DB_NAME)
})

function setup(viewer = { id: 7, isAdmin: false }, customerId = 7) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  )
  return renderHook(() => useConversation({ customerId, viewer }), { wrapper })
}

describe('useConversation', () => {
  it('shows the stored history, not live, until the server answers', async () => {
    await saveChatHistory('7:7', [message({ id: 1, message: 'stored' })])
    let release = () => {}
    holdPage = new Promise((resolve) => (release = resolve))
    page1 = [message({ id: 1 }), message({ id: 2 })]
    const { result } = setup()
    await waitFor(() => expect(ids(result.current.messages)).toEqual([1]))
    expect(result.current.live).toBe(false)
    expect(result.current.loading).toBe(false)
    act(() => release())
    await waitFor(() => expect(result.current.live).toBe(true))
    expect(ids(result.current.messages)).toEqual([1, 2])
    // And the server's answer is stored for next time.
    await waitFor(async () => expect(ids(await readChatHistory('7:7'))).toEqual([1, 2]), { timeout: 3_000 })
  })

  it('merges message.sent once by id, ignores other conversations and malformed events, and keeps a push that beat the first page', async () => {
    let release = () => {}
    holdPage = new Promise((resolve) => (release = resolve))
    page1 = [message({ id: 1 })]
    const { result } = setup()
    // Before the first page has answered: held, not lost.
    act(() => result.current.onMessageSent({ message: message({ id: 2 }) }))
    act(() => release())
    await waitFor(() => expect(ids(result.current.messages)).toEqual([1, 2]))
    act(() => {
      result.current.onMessageSent({ message: message({ id: 3 }) })
      result.current.onMessageSent({ message: message({ id: 3 }) })
      result.current.onMessageSent({ message: message({ id: 4, customer_id: 99 }) })
      result.current.onMessageSent({ nonsense: true })
    })
    // The cache notifies its observers on the next task.
    await waitFor(() => expect(ids(result.current.messages)).toEqual([1, 2, 3]))
  })

  it('keeps a message the viewer sent before the first page answered, when that page was read before it was stored', async () => {
    let release = () => {}
    holdPage = new Promise((resolve) => (release = resolve))
    // The server read page 1 before the new message was stored; its push came before the channel was subscribed.
    page1 = [message({ id: 1 })]
    const { result } = setup()
    act(() => result.current.keepSent(message({ id: 2, message: 'sent while loading' })))
    act(() => release())
    await waitFor(() => expect(ids(result.current.messages)).toEqual([1, 2]))
    // Once loaded, a sent message goes straight in, once.
    act(() => {
      result.current.keepSent(message({ id: 3 }))
      result.current.onMessageSent({ message: message({ id: 3 }) })
    })
    await waitFor(() => expect(ids(result.current.messages)).toEqual([1, 2, 3]))
  })

  it('sets read_at on message.read', async () => {
    page1 = [message({ id: 1 })]
    const { result } = setup()
    await waitFor(() => expect(result.current.live).toBe(true))
    act(() => result.current.onMessageRead({ message_id: 1, read_at: '2025-03-03T12:00:00.000Z' }))
    await waitFor(() => expect(result.current.messages[0]?.read_at).toBe('2025-03-03T12:00:00.000Z'))
  })

  it("marks the other side's messages read up to the newest, once", async () => {
    page1 = [message({ id: 1, is_admin: true }), message({ id: 2 }), message({ id: 3, is_admin: true })]
    const { result } = setup()
    await waitFor(() => expect(result.current.live).toBe(true))
    act(() => result.current.markSeen())
    await waitFor(() => expect(calls.filter((c) => c.path === '/chat/read')).toHaveLength(1))
    expect(calls.find((c) => c.path === '/chat/read')?.body).toEqual({ up_to_id: 3 })
    await waitFor(() =>
      expect(result.current.messages.filter((m) => m.is_admin).every((m) => m.read_at)).toBe(true),
    )
    act(() => result.current.markSeen())
    expect(calls.filter((c) => c.path === '/chat/read')).toHaveLength(1)
  })

  it('names the customer when an admin marks read', async () => {
    page1 = [message({ id: 5 })]
    const { result } = setup({ id: 1, isAdmin: true }, 7)
    await waitFor(() => expect(result.current.live).toBe(true))
    expect(calls[0]?.path).toBe('/chat/messages?page=1&customer_id=7')
    act(() => result.current.markSeen())
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/chat/read')?.body).toEqual({ up_to_id: 5, customer_id: 7 }),
    )
  })

  it('catches up after a reconnect: read receipts and missed messages from page 1', async () => {
    page1 = [message({ id: 1 }), message({ id: 2 })]
    const { result } = setup()
    await waitFor(() => expect(result.current.live).toBe(true))
    page1 = [message({ id: 1, read_at: '2025-03-03T12:00:00.000Z' }), message({ id: 2 }), message({ id: 3 })]
    act(() => result.current.catchUp())
    await waitFor(() => expect(ids(result.current.messages)).toEqual([1, 2, 3]))
    expect(result.current.messages[0]?.read_at).toBe('2025-03-03T12:00:00.000Z')
  })
})
