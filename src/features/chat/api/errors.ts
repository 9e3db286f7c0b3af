// The chat's failure messages (docs/product/chat.md#messages): the server's message when it sent one, else the spec's
// fallback.
import { CHAT_MESSAGES } from '../../../domain/contract/chat'
import { serverMessage } from '../../../lib/error-message'
import { HttpError } from '../../../lib/http'

/** Loading: the server's message, 'Invalid response from server' for a malformed answer, else 'Failed to load messages.' */
export function loadErrorMessage(error: unknown): string {
  if (error instanceof HttpError && error.message === CHAT_MESSAGES.INVALID_RESPONSE) return error.message
  return serverMessage(error) ?? CHAT_MESSAGES.LOAD_FAILED
}

/**
 * Sending: a request that never reached the server is the spec's 'Connection lost...'; otherwise the server's
 * message, else 'Failed to send message.'
 */
export function sendErrorMessage(error: unknown): string {
  if (error instanceof HttpError && error.status === 0) return CHAT_MESSAGES.CONNECTION_LOST
  return serverMessage(error) ?? CHAT_MESSAGES.SEND_FAILED
}

/** Uploading: the server's message, else 'Failed to upload file.' */
export const uploadErrorMessage = (error: unknown): string =>
  serverMessage(error) ?? CHAT_MESSAGES.UPLOAD_FAILED
