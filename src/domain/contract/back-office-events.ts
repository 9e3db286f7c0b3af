// The back office's realtime channels and events (decision 0017, decision 0036): what admin tabs and every open
// client listen to.
import { z } from 'zod'

/** Signed for active admins only. */
export const ADMIN_CHANNEL = 'private-admin'
/**
 * The staff who have the back office open: a presence channel of active admins only, each member signed with
 * `user_info: { name, role }` (decision 0036).
 */
export const ADMIN_PRESENCE_CHANNEL = 'presence-admin.online'
export { SITE_CHANNEL, SITE_EVENTS } from './site'
export const BACK_OFFICE_EVENTS = {
  /** On ADMIN_CHANNEL: a request was filed or decided, or an account awaits approval. */
  REQUESTS_CHANGED: 'requests.changed',
  /** On ADMIN_CHANNEL: a client's account, positions or balance changed (payload `{ user_id }`). */
  CLIENT_UPDATED: 'client.updated',
} as const
export const ClientUpdatedEventSchema = z.object({ user_id: z.number().int() })
