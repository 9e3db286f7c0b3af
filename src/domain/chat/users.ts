// The admin console's user list (docs/product/chat.md#admin-console): search, the All / Online / Unread tabs,
// initials for users without an avatar. Only customers have a conversation with support, so admins are left out.
import type { User } from '../contract/user'

export const USER_TABS = { ALL: 'all', ONLINE: 'online', UNREAD: 'unread' } as const
export type UserTab = (typeof USER_TABS)[keyof typeof USER_TABS]
export const USER_TAB_LABELS: Record<UserTab, string> = { all: 'All', online: 'Online', unread: 'Unread' }

export type ChatUser = Pick<
  User,
  | 'id'
  | 'name'
  | 'first_name'
  | 'last_name'
  | 'email'
  | 'avatar'
  | 'account_id'
  | 'is_online'
  | 'unread_count'
  | 'role'
>

/** Up to two letters: first and last name's initials, else the name's first letters. */
export function initials(user: Pick<User, 'first_name' | 'last_name' | 'name'>): string {
  const fromParts = `${user.first_name.trim().charAt(0)}${user.last_name.trim().charAt(0)}`
  if (fromParts.trim()) return fromParts.toUpperCase()
  const words = user.name.trim().split(/\s+/).filter(Boolean)
  return words
    .slice(0, 2)
    .map((word) => word.charAt(0))
    .join('')
    .toUpperCase()
}

const matches = (user: ChatUser, query: string) => {
  if (!query) return true
  return [user.name, user.email, user.account_id, `${user.first_name} ${user.last_name}`].some((field) =>
    field.toLowerCase().includes(query),
  )
}

/**
 * The customers to list for a search and a tab, those waiting for an answer first (most unread first), then the
 * online ones, then by name; ties keep the server's order.
 */
export function filterChatUsers<T extends ChatUser>(users: readonly T[], search: string, tab: UserTab): T[] {
  const query = search.trim().toLowerCase()
  return users
    .filter((user) => user.role === 'customer')
    .filter((user) => tab !== 'online' || user.is_online)
    .filter((user) => tab !== 'unread' || user.unread_count > 0)
    .filter((user) => matches(user, query))
    .map((user, index) => ({ user, index }))
    .sort(
      (a, b) =>
        b.user.unread_count - a.user.unread_count ||
        Number(b.user.is_online) - Number(a.user.is_online) ||
        a.user.name.localeCompare(b.user.name) ||
        a.index - b.index,
    )
    .map(({ user }) => user)
}
