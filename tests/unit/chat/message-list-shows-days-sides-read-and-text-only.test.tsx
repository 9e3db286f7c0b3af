import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { MessageList } from '../../../src/features/chat/components/message-list'
import type { ChatMessage } from '../../../src/domain/contract/chat'
import type { User } from '../../../src/domain/contract/user'
import { configureHttp, resetHttpConfig } from '../../../src/lib/http'
import { sessionStore } from '../../../src/lib/session-store'
import { expectNoA11yViolations, waitForFocusInside } from '../components/test-utils'
import { message } from './fixtures'
import { stubLayout } from './harness'

beforeAll(stubLayout)

const today = new Date()
const at = (hoursAgo: number) => new Date(today.getTime() - hoursAgo * 3_600_000).toISOString()

function renderList(messages: ChatMessage[], options: { viewerIsAdmin?: boolean; hasOlder?: boolean } = {}) {
  const onLoadOlder = vi.fn()
  const view = render(
    <div style={{ height: 400, display: 'flex' }}>
      <MessageList
        messages={messages}
        viewerIsAdmin={options.viewerIsAdmin ?? false}
        hasOlder={options.hasOlder ?? false}
        loadingOlder={false}
        onLoadOlder={onLoadOlder}
        emptyHint="Send a message below to start a conversation."
      />
    </div>,
  )
  return { ...view, onLoadOlder }
}

describe('the message list', () => {
  it('passes the accessibility check', async () => {
    const { container } = renderList([
      message({ id: 1, created_at: at(30), message: 'Hi' }),
      message({ id: 2, is_admin: true, created_at: at(1), message: 'Hello, how can we help?' }),
    ])
    await expectNoA11yViolations(container)
  })

  it("says 'No messages yet' with a hint when empty", async () => {
    const { container } = renderList([])
    expect(screen.getByText('No messages yet')).toBeInTheDocument()
    expect(screen.getByText('Send a message below to start a conversation.')).toBeInTheDocument()
    await expectNoA11yViolations(container)
  })

  it('heads each day and shows each message with its time', () => {
    renderList([
      message({ id: 1, created_at: new Date(today.getTime() - 3 * 86_400_000).toISOString() }),
      message({ id: 2, created_at: new Date(today.getTime() - 86_400_000).toISOString() }),
      message({ id: 3, created_at: today.toISOString() }),
    ])
    const days = screen.getAllByTestId('chat-day').map((day) => day.textContent)
    expect(days).toHaveLength(3)
    expect(days.slice(1)).toEqual(['Yesterday', 'Today'])
    const times = screen.getAllByRole('time')
    expect(times[2]).toHaveAttribute('datetime', today.toISOString())
    expect(times[2]?.textContent).toMatch(/^\d{2}:\d{2}$/)
  })

  it("puts the customer's own messages right and support's left with an 'A' avatar, and 'Read' under read ones", () => {
    renderList([
      message({ id: 1, created_at: at(2), read_at: at(1) }),
      message({ id: 2, created_at: at(2) }),
      message({ id: 3, is_admin: true, created_at: at(1), read_at: at(0) }),
    ])
    const rows = screen.getAllByTestId('chat-message')
    expect(rows.map((row) => row.dataset.own)).toEqual(['true', 'true', 'false'])
    expect(within(rows[0]!).getByText('Read')).toBeInTheDocument()
    expect(within(rows[1]!).queryByText('Read')).toBeNull()
    // Support's message was read by the customer, but 'Read' is for the sender's own messages only.
    expect(within(rows[2]!).queryByText('Read')).toBeNull()
    expect(within(rows[2]!).getByTestId('chat-avatar')).toHaveTextContent('A')
    expect(rows[2]!.dataset.admin).toBe('true')
  })

  it("from the console: support's messages are the admin's own (right) and the customer's left", () => {
    renderList(
      [
        message({ id: 1, created_at: at(2) }),
        message({ id: 2, is_admin: true, created_at: at(1), read_at: at(0) }),
      ],
      {
        viewerIsAdmin: true,
      },
    )
    const rows = screen.getAllByTestId('chat-message')
    expect(rows.map((row) => row.dataset.own)).toEqual(['false', 'true'])
    expect(within(rows[1]!).getByText('Read')).toBeInTheDocument()
    expect(within(rows[0]!).getByTestId('chat-sender')).toHaveTextContent('Dana Customer')
  })

  it('shows markup in messages, names and file names as text, never as HTML', () => {
    const hostile = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>'
    const { container } = renderList(
      [
        message({
          id: 1,
          created_at: at(1),
          message: hostile,
          sender: { avatar: null, first_name: '<b>Eve</b>', name: '<b>Eve</b>' },
          attachments: [
            {
              id: 9,
              file_name: '<svg onload=alert(1)>.pdf',
              download_url: '/api/v1/chat/files/abc',
              is_image: false,
              mime_type: 'application/pdf',
              size: 2_048,
            },
          ],
        }),
      ],
      { viewerIsAdmin: true },
    )
    expect(screen.getByTestId('chat-message-text')).toHaveTextContent(hostile)
    expect(screen.getByText('<b>Eve</b>')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /^Download <svg onload=alert\(1\)>\.pdf/ })).toBeInTheDocument()
    expect(container.querySelector('script, svg[onload], img[onerror], b')).toBeNull()
    expect((window as { __pwned?: number }).__pwned).toBeUndefined()
  })

  it('shows images as thumbnails fetched with the token that open larger, and other files as downloads', async () => {
    const user = userEvent.setup()
    sessionStore.signIn({ id: 7 } as User, 'secret-token')
    // As main.tsx wires it: the http client (and files.ts through it) reads the session store's token.
    configureHttp({ getToken: () => sessionStore.getState().token })
    const fetched: { url: string; auth: string | null }[] = []
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      fetched.push({ url, auth: new Headers(init.headers).get('Authorization') })
      return new Response('png-bytes', { headers: { 'Content-Type': 'image/png' } })
    })
    let objectUrls = 0
    URL.createObjectURL = vi.fn(() => `blob:test/${++objectUrls}`)
    URL.revokeObjectURL = vi.fn()
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    try {
      renderList([
        message({
          id: 1,
          created_at: at(1),
          message: '',
          attachments: [
            {
              id: 1,
              file_name: 'chart.png',
              download_url: '/api/v1/chat/files/img',
              is_image: true,
              mime_type: 'image/png',
              size: 900,
            },
            {
              id: 2,
              file_name: 'statement.pdf',
              download_url: '/api/v1/chat/files/pdf',
              is_image: false,
              mime_type: 'application/pdf',
              size: 50_000,
            },
          ],
        }),
      ])
      const thumbnail = await screen.findByRole('img', { name: 'chart.png' })
      expect(thumbnail).toHaveAttribute('src', 'blob:test/1')
      expect(fetched[0]).toEqual({
        url: `${window.location.origin}/api/v1/chat/files/img`,
        auth: 'Bearer secret-token',
      })

      await user.click(screen.getByRole('button', { name: 'Open image chart.png' }))
      const dialog = await screen.findByRole('dialog')
      // The same object URL: the file is fetched once however often it shows.
      expect(await within(dialog).findByRole('img', { name: 'chart.png' })).toHaveAttribute(
        'src',
        'blob:test/1',
      )
      expect(fetched).toHaveLength(1)
      // The dialog listens for Escape once it holds the focus (a frame after it opens; later on a busy machine).
      await waitForFocusInside(dialog)
      await user.keyboard('{Escape}')
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())

      await user.click(screen.getByRole('button', { name: 'Download statement.pdf (49 KB)' }))
      await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1))
      const link = clicked.mock.contexts[0] as HTMLAnchorElement
      expect(link.download).toBe('statement.pdf')
      expect(link.href).toBe('blob:test/2')
      expect(fetched[1]?.url).toBe(`${window.location.origin}/api/v1/chat/files/pdf`)
    } finally {
      clicked.mockRestore()
      vi.unstubAllGlobals()
      sessionStore.clear()
      resetHttpConfig()
    }
  })

  it('loads older messages when scrolled within 100 px of the top', () => {
    const many = Array.from({ length: 40 }, (_, i) => message({ id: i + 1, created_at: at(1) }))
    const { onLoadOlder } = renderList(many, { hasOlder: true })
    const scroll = screen.getByTestId('chat-scroll')
    onLoadOlder.mockClear()
    act(() => {
      scroll.scrollTop = 500
      fireEvent.scroll(scroll)
    })
    expect(onLoadOlder).not.toHaveBeenCalled()
    act(() => {
      scroll.scrollTop = 80
      fireEvent.scroll(scroll)
    })
    expect(onLoadOlder).toHaveBeenCalledTimes(1)
  })

  it('offers a scroll-to-bottom button away from the bottom, with a dot when a message arrives', async () => {
    const many = Array.from({ length: 40 }, (_, i) => message({ id: i + 1, created_at: at(1) }))
    const view = renderList(many)
    const scroll = screen.getByTestId('chat-scroll')
    expect(screen.queryByTestId('scroll-to-bottom')).toBeNull()
    act(() => {
      scroll.scrollTop = 200
      fireEvent.scroll(scroll)
    })
    expect(screen.getByTestId('scroll-to-bottom')).toHaveAccessibleName('Scroll to the latest messages')
    expect(screen.queryByTestId('new-message-dot')).toBeNull()
    view.rerender(
      <div style={{ height: 400, display: 'flex' }}>
        <MessageList
          messages={[...many, message({ id: 41, is_admin: true, created_at: at(0), message: 'New one' })]}
          viewerIsAdmin={false}
          hasOlder={false}
          loadingOlder={false}
          onLoadOlder={() => {}}
          emptyHint=""
        />
      </div>,
    )
    expect(await screen.findByTestId('new-message-dot')).toBeInTheDocument()
    expect(screen.getByTestId('scroll-to-bottom')).toHaveAccessibleName(
      'Scroll to the latest messages (new messages)',
    )
    await expectNoA11yViolations(view.container)
  })

  it('opens at the newest message', () => {
    const scrolled = vi.spyOn(Element.prototype, 'scrollTo')
    try {
      const many = Array.from({ length: 40 }, (_, i) => message({ id: i + 1, created_at: at(1) }))
      renderList(many)
      const tops = scrolled.mock.calls.map(([options]) => (options as ScrollToOptions).top ?? 0)
      // 40 rows of 60 px and a day heading in a 400 px view: the end is about 2,000 px down.
      expect(Math.max(...tops)).toBeGreaterThan(1_900)
    } finally {
      scrolled.mockRestore()
    }
  })

  it('renders a window of rows, not all 10,000', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => message({ id: i + 1, created_at: at(1) }))
    renderList(many)
    expect(screen.getAllByTestId('chat-message').length).toBeLessThan(40)
  })
})
