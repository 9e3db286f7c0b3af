// POST /chat/messages (docs/product/api.md#calls) with a client_message_id (the contract): a request that got no
// answer is retried with the same id, and so is a manual retry of the same draft, so a flaky network never stores a
// message twice.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import {
  SendChatMessageResponseSchema,
  type ChatMessage,
  type SendChatMessageRequest,
} from '../../../domain/contract/chat'
import { http, isNetworkError } from '../../../lib/http'
import { addMessages, type ConversationRef } from './get-messages'

export interface SendChatMessageVariables {
  ref: ConversationRef
  message: string
  attachments: string[]
  clientMessageId: string
}

export async function sendChatMessage(variables: SendChatMessageVariables): Promise<ChatMessage> {
  const body: SendChatMessageRequest = {
    message: variables.message,
    attachments: variables.attachments,
    client_message_id: variables.clientMessageId,
    ...(variables.ref.asAdmin ? { customer_id: variables.ref.customerId } : {}),
  }
  const answer = await http.post('/chat/messages', body, { schema: SendChatMessageResponseSchema })
  return answer.data
}

/** 32 URL-safe characters, within the contract's `^[A-Za-z0-9_-]{8,100}$`. */
export const newClientMessageId = () => crypto.randomUUID().replace(/-/g, '')

export function useSendChatMessage() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: sendChatMessage,
    // Only an unanswered request is retried (the server may have stored it; the same id returns that message).
    retry: (failureCount, error) => failureCount < 2 && isNetworkError(error),
    retryDelay: 1_000,
    onSuccess: (message, variables) => {
      addMessages(queryClient, variables.ref, [message])
    },
  })
}
