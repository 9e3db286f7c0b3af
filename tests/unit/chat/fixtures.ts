import type { ChatMessage } from '../../../src/domain/contract/chat'

let nextId = 1

/** A chat message in customer 7's conversation; customer 7 wrote it unless `is_admin`. */
export function message(overrides: Partial<ChatMessage> = {}): ChatMessage {
  const id = overrides.id ?? nextId++
  const isAdmin = overrides.is_admin ?? false
  return {
    id,
    customer_id: 7,
    message: `Message ${id}`,
    sender_id: isAdmin ? 1 : 7,
    is_admin: isAdmin,
    sender: isAdmin
      ? { avatar: null, first_name: 'Ada', name: 'Ada Admin' }
      : { avatar: null, first_name: 'Dana', name: 'Dana Customer' },
    created_at: '2025-03-03T10:00:00.000Z',
    read_at: null,
    attachments: [],
    ...overrides,
  }
}

export const ids = (messages: readonly Pick<ChatMessage, 'id'>[]) => messages.map((m) => m.id)
