import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { User } from '../../../src/domain/contract/user'
import { AdminChatConsole } from '../../../src/features/chat/components/admin-chat-console'
import { ChatUserList } from '../../../src/features/chat/components/chat-user-list'
import { UnreadNotifier } from '../../../src/features/chat/components/unread-notifier'
import type { Conversation } from '../../../src/features/chat/hooks/use-conversation'
import { configureHttp, resetHttpConfig } from '../../../src/lib/http'
import { expectNoA11yViolations } from '../components/test-utils'
import { json, renderWithClient } from './harness'

afterEach(resetHttpConfig)

const user = (overrides: Partial<User>): User => ({
  id: 1,
  first_name: 'Dana',
  last_name: 'Customer',
  name: 'Dana Customer',
  username: 'dana',
  email: 'dana@example.com',
  avatar: null,
  account_id: 'CFD1000001',
  role: 'customer',
  status: 'active',
  is_online: false,
  unread_count: 0,
  balance: 0,
  credit_balance: 0,
  notifications: [],
  accounts: [],
  account_type: null,
  autotrader: false,
  autotrader_request_status: null,
  eas: [],
  ...overrides,
})

const USERS = [
  user({
    id: 2,
    name: 'Ann Able',
    first_name: 'Ann',
    last_name: 'Able',
    email: 'ann@example.com',
    account_id: 'CFD2',
    is_online: true,
  }),
  user({
    id: 3,
    name: 'Cy Cole',
    first_name: 'Cy',
    last_name: 'Cole',
    email: 'cy@example.com',
    account_id: 'CFD3',
    unread_count: 4,
  }),
  user({ id: 4, name: 'Ada Admin', role: 'admin', email: 'admin@example.com' }),
]

function serveUsers(respond: () => Response | Promise<Response>) {
  configureHttp({ getBaseUrl: () => 'http://api.test/api/v1', fetch: async () => respond(), log: () => {} })
}

describe('the console user list (docs/product/chat.md#admin-console)', () => {
  it("says 'Loading users...' first, then lists customers with initials, online state, unread badge, account and e-mail", async () => {
    let release: (response: Response) => void = () => {}
    serveUsers(() => new Promise((resolve) => (release = resolve)))
    const { container } = renderWithClient(<ChatUserList selectedId={null} onSelect={() => {}} />)
    expect(screen.getByText('Loading users...')).toBeInTheDocument()
    release(json(200, { data: USERS }))
    const entries = await screen.findAllByTestId('chat-user')
    expect(entries.map((entry) => entry.dataset.userId)).toEqual(['3', '2'])
    const cy = entries[0]!
    expect(within(cy).getByTestId('chat-avatar')).toHaveTextContent('CC')
    expect(within(cy).getByTestId('unread-badge')).toHaveTextContent('4 unread')
    expect(cy).toHaveTextContent('CFD3 · cy@example.com')
    expect(cy).toHaveAccessibleName(/Cy Cole, offline/)
    expect(entries[1]).toHaveAccessibleName(/Ann Able, online/)
    expect(within(entries[1]!).getByTestId('online-dot')).toHaveAttribute('data-online', 'true')
    await expectNoA11yViolations(container)
  })

  it("filters by the Online and Unread tabs and by search; 'No users found' when nothing matches", async () => {
    const actor = userEvent.setup()
    serveUsers(() => json(200, { data: USERS }))
    renderWithClient(<ChatUserList selectedId={null} onSelect={() => {}} />)
    await screen.findAllByTestId('chat-user')
    await actor.click(screen.getByRole('tab', { name: 'Online' }))
    expect(screen.getAllByTestId('chat-user').map((e) => e.dataset.userId)).toEqual(['2'])
    await actor.click(screen.getByRole('tab', { name: 'Unread' }))
    expect(screen.getAllByTestId('chat-user').map((e) => e.dataset.userId)).toEqual(['3'])
    await actor.click(screen.getByRole('tab', { name: 'All' }))
    await actor.type(screen.getByRole('searchbox', { name: 'Search users' }), 'ann@')
    expect(screen.getAllByTestId('chat-user').map((e) => e.dataset.userId)).toEqual(['2'])
    await actor.clear(screen.getByRole('searchbox', { name: 'Search users' }))
    await actor.type(screen.getByRole('searchbox', { name: 'Search users' }), 'zzz')
    expect(screen.getByText('No users found')).toBeInTheDocument()
  })

  it("says 'Failed to load users. Retrying...' when the list cannot load", async () => {
    serveUsers(() => json(500, { message: 'Server error' }))
    renderWithClient(<ChatUserList selectedId={null} onSelect={() => {}} />)
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load users. Retrying...')
  })

  it('selects a user on click', async () => {
    const actor = userEvent.setup()
    serveUsers(() => json(200, { data: USERS }))
    const onSelect = vi.fn()
    renderWithClient(<ChatUserList selectedId={2} onSelect={onSelect} />)
    const [cy, ann] = await screen.findAllByTestId('chat-user')
    expect(ann).toHaveAttribute('aria-current', 'true')
    await actor.click(cy!)
    expect(onSelect).toHaveBeenCalledWith(3)
  })
})

const idleConversation: Conversation = {
  ref: null,
  viewerIsAdmin: true,
  messages: [],
  live: false,
  loading: false,
  error: null,
  retry: () => {},
  hasOlder: false,
  loadingOlder: false,
  loadOlder: () => {},
  onMessageSent: () => {},
  keepSent: () => {},
  onMessageRead: () => {},
  markSeen: () => {},
  catchUp: () => {},
}

describe('the console (docs/product/chat.md#admin-console)', () => {
  it("says 'Select a user to start chatting' with nobody selected, and shows the connection indicator", async () => {
    serveUsers(() => json(200, { data: USERS }))
    const { container } = renderWithClient(
      <AdminChatConsole
        selectedUserId={null}
        onSelectUser={() => {}}
        conversation={idleConversation}
        connection="live"
        indicator={<span>Connected</span>}
        signedIn
      />,
    )
    expect(screen.getByText('Select a user to start chatting')).toBeInTheDocument()
    expect(screen.getByText('Connected')).toBeInTheDocument()
    await screen.findAllByTestId('chat-user')
    await expectNoA11yViolations(container)
  })

  it('heads the conversation with the name, Online or Offline and the account id', async () => {
    serveUsers(() => json(200, { data: USERS }))
    renderWithClient(
      <AdminChatConsole
        selectedUserId={2}
        onSelectUser={() => {}}
        conversation={{ ...idleConversation, ref: { customerId: 2, asAdmin: true, viewerId: 1 }, live: true }}
        connection="live"
        indicator={<span>Connected</span>}
        signedIn
      />,
    )
    await waitFor(() => expect(screen.getByTestId('chat-peer-name')).toHaveTextContent('Ann Able'))
    expect(screen.getByTestId('chat-peer-status')).toHaveTextContent('Online')
    expect(screen.getByText('CFD2')).toBeInTheDocument()
    expect(screen.getByText('No messages yet')).toBeInTheDocument()
  })
})

describe('the unread notifier (docs/product/chat.md#unread-notifier)', () => {
  it("reads 'New Messages' and 'You have N unread message(s), TAP TO VIEW'; tapping opens the chat", async () => {
    const actor = userEvent.setup()
    const onOpen = vi.fn()
    const { container, rerender } = render(<UnreadNotifier count={3} visible onOpen={onOpen} />)
    const alert = screen.getByTestId('unread-notifier')
    expect(alert).toHaveTextContent('New Messages')
    expect(alert).toHaveTextContent('You have 3 unread message(s), TAP TO VIEW')
    await expectNoA11yViolations(container)
    await actor.click(alert)
    expect(onOpen).toHaveBeenCalledTimes(1)
    rerender(<UnreadNotifier count={3} visible={false} onOpen={onOpen} />)
    expect(screen.queryByTestId('unread-notifier')).toBeNull()
  })
})
