// Whose conversation a chat request acts on (decision 0010): a customer always acts on their own, whatever
// customer_id they send (the contract says theirs is ignored); an active admin must name a customer, who must exist
// and be a customer; a deactivated admin administers nothing.
import type { FastifyInstance } from 'fastify'
import { USER_ROLE, USER_STATUS } from '../../src/domain/contract'
import { MESSAGES } from '../plugins/errors'
import type { UserRow } from '../repositories/users'

export const CHAT_ERRORS = {
  CUSTOMER_REQUIRED: 'Choose the customer whose conversation this is (customer_id).',
  CUSTOMER_NOT_FOUND: 'Customer not found',
  EMPTY: 'Type a message or attach a file.',
  BAD_ATTACHMENT_URL: 'Attachments must be URLs answered by POST /chat/upload.',
  TOO_LONG_TO_DELIVER: 'This message is too long to deliver. Please split it into shorter messages.',
  FILE_GONE: 'The file is no longer available.',
} as const

export type Conversation =
  { customerId: number; asAdmin: boolean } | { statusCode: 403 | 404 | 422; message: string }

export async function conversationOf(
  app: Pick<FastifyInstance, 'repos'>,
  user: Pick<UserRow, 'id' | 'role' | 'status'>,
  customerId: number | undefined,
): Promise<Conversation> {
  if (user.role !== USER_ROLE.ADMIN) return { customerId: user.id, asAdmin: false }
  if (user.status !== USER_STATUS.ACTIVE) return { statusCode: 403, message: MESSAGES.FORBIDDEN }
  if (customerId === undefined) return { statusCode: 422, message: CHAT_ERRORS.CUSTOMER_REQUIRED }
  const customer = await app.repos.users.findById(customerId)
  if (customer?.role !== USER_ROLE.CUSTOMER) {
    return { statusCode: 404, message: CHAT_ERRORS.CUSTOMER_NOT_FOUND }
  }
  return { customerId, asAdmin: true }
}
