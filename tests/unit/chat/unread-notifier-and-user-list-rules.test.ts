import { describe, expect, it } from 'vitest'
import { unreadNotifierVisible } from '../../../src/domain/chat/unread'
import { filterChatUsers, initials, type ChatUser } from '../../../src/domain/chat/users'

describe('unread notifier (docs/product/chat.md#unread-notifier)', () => {
  it('shows above 0 unread, except on the chat page', () => {
    expect(unreadNotifierVisible(2, '/main/dashboard')).toBe(true)
    expect(unreadNotifierVisible(1, '/mt4')).toBe(true)
    expect(unreadNotifierVisible(0, '/main/dashboard')).toBe(false)
    expect(unreadNotifierVisible(3, '/main/chat')).toBe(false)
    expect(unreadNotifierVisible(3, '/main/chat/')).toBe(false)
  })
})

const user = (overrides: Partial<ChatUser>): ChatUser => ({
  id: 1,
  name: 'Dana Customer',
  first_name: 'Dana',
  last_name: 'Customer',
  email: 'dana@example.com',
  avatar: null,
  account_id: 'CFD1000001',
  is_online: false,
  unread_count: 0,
  role: 'customer',
  ...overrides,
})

describe('admin user list (docs/product/chat.md#admin-console)', () => {
  const users = [
    user({
      id: 1,
      name: 'Ann Able',
      first_name: 'Ann',
      last_name: 'Able',
      email: 'ann@x.com',
      account_id: 'CFD1',
    }),
    user({
      id: 2,
      name: 'Bob Brown',
      first_name: 'Bob',
      last_name: 'Brown',
      is_online: true,
      account_id: 'CFD2',
    }),
    user({
      id: 3,
      name: 'Cy Cole',
      first_name: 'Cy',
      last_name: 'Cole',
      unread_count: 2,
      account_id: 'CFD3',
    }),
    user({ id: 4, name: 'Ada Admin', role: 'admin', is_online: true }),
  ]

  it('lists customers only, waiting ones first, then online, then by name', () => {
    expect(filterChatUsers(users, '', 'all').map((u) => u.id)).toEqual([3, 2, 1])
  })

  it('filters by tab', () => {
    expect(filterChatUsers(users, '', 'online').map((u) => u.id)).toEqual([2])
    expect(filterChatUsers(users, '', 'unread').map((u) => u.id)).toEqual([3])
  })

  it('searches name, e-mail and account id, ignoring case and spaces around', () => {
    expect(filterChatUsers(users, ' ANN ', 'all').map((u) => u.id)).toEqual([1])
    expect(filterChatUsers(users, 'cfd2', 'all').map((u) => u.id)).toEqual([2])
    expect(filterChatUsers(users, 'ann@x', 'all').map((u) => u.id)).toEqual([1])
    expect(filterChatUsers(users, 'nobody', 'all')).toEqual([])
  })

  it('makes initials from first and last name, else from the name', () => {
    expect(initials({ first_name: 'dana', last_name: 'customer', name: 'x' })).toBe('DC')
    expect(initials({ first_name: '', last_name: '', name: 'Support Desk Team' })).toBe('SD')
  })
})
