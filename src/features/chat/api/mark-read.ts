// POST /chat/read (the contract): marks the other side's messages up to up_to_id read; the server publishes
// message.read for each, so the sender sees 'Read'. Sent when the conversation is visible and at the bottom.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type * as z from 'zod/mini'
import type { MarkChatReadRequestSchema } from '../../../domain/contract/chat'
import { http } from '../../../lib/http'
import { adminUsersQueryKey } from './get-chat-users'
import { setReadUpTo, type ConversationRef } from './get-messages'
import { unreadCountQueryKey } from './get-unread-count'

export interface MarkChatReadVariables {
  ref: ConversationRef
  upToId: number
}

export async function markChatRead({ ref, upToId }: MarkChatReadVariables): Promise<void> {
  const body: z.input<typeof MarkChatReadRequestSchema> = {
    up_to_id: upToId,
    ...(ref.asAdmin ? { customer_id: ref.customerId } : {}),
  }
  await http.post('/chat/read', body)
}

export function useMarkChatRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: markChatRead,
    // Nothing reads a finished one: kept for the default 5 minutes, a busy console would hold hundreds.
    gcTime: 0,
    onSuccess: (_data, { ref, upToId }) => {
      setReadUpTo(queryClient, ref, upToId, new Date().toISOString())
      // The customer's unread alert, or the console's unread badge for this customer.
      void queryClient.invalidateQueries({ queryKey: ref.asAdmin ? adminUsersQueryKey : unreadCountQueryKey })
    },
  })
}
