// Who may subscribe to which private channel (docs/architecture.md#the-server): a channel is signed only for its
// owner. Customers get their own user, notification, trade and chat channels; an active admin gets every customer's
// chat channel and their own user and notification channels, private-admin, and the one presence channel,
// presence-admin.online (decision 0036). Everything else, every other presence channel included, is refused.
import {
  ADMIN_CHANNEL,
  ADMIN_PRESENCE_CHANNEL,
  PRIVATE_CHANNEL_PATTERN,
  USER_ROLE,
  USER_STATUS,
} from '../../src/domain/contract'

export interface ChannelViewer {
  id: number
  role: 'customer' | 'admin'
  status: 'pending' | 'active' | 'deactivated'
}

export function mayAuthorizeChannel(viewer: ChannelViewer, channel: string): boolean {
  // The back office's live queue and client updates: active admins only.
  if (channel === ADMIN_CHANNEL || channel === ADMIN_PRESENCE_CHANNEL)
    return viewer.role === USER_ROLE.ADMIN && viewer.status === USER_STATUS.ACTIVE
  const match = PRIVATE_CHANNEL_PATTERN.exec(channel)
  if (!match) return false
  const kind = match[1]
  const id = match[2] ?? ''
  // Only the canonical spelling: 'private-user.01' is not where events for user 1 are published.
  if (id !== String(Number(id))) return false
  const own = id === String(viewer.id)
  if (viewer.role === USER_ROLE.CUSTOMER) return own
  // A deactivated admin may still sign in and read their own status, but reads no customer's chat.
  if (kind === 'chat.customer') return viewer.status === USER_STATUS.ACTIVE
  return own && (kind === 'user' || kind === 'notification')
}
