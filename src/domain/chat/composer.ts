// The composer's rules (docs/product/chat.md#composer): Enter sends and Shift+Enter makes a new line; empty or
// whitespace text with no attachment is ignored; sending needs a signed-in user and a connection; only the first
// chosen file is taken; a pending attachment is uploading (with its progress), ready, or in error.
import { CHAT_MESSAGES, CHAT_UPLOAD } from '../contract/chat'
import type { ConnectionStatus } from '../contract/realtime'

/**
 * How the chat reaches the server. live: the push connection is up. backup: it is down and the realtime hub polls
 * every 5 s (docs/product/realtime.md#polling-fallback) - sending still works, it is plain HTTP. disconnected: no way
 * to the server (the browser is offline, or the hub neither pushes nor polls), so the composer is disabled.
 */
export type ChatConnection = 'live' | 'backup' | 'disconnected'

export function chatConnection(input: {
  status: ConnectionStatus
  polling: boolean
  online: boolean
}): ChatConnection {
  if (!input.online) return 'disconnected'
  if (input.status === 'connected') return 'live'
  return input.polling ? 'backup' : 'disconnected'
}

export type PendingAttachment =
  | { status: 'uploading'; fileName: string; progress: number }
  | { status: 'ready'; fileName: string; url: string }
  | { status: 'error'; fileName: string; message: string }

export type SendDecision =
  | { kind: 'ignore' }
  | { kind: 'reject'; message: string }
  | { kind: 'send'; message: string; attachments: string[] }

export interface SendInput {
  text: string
  attachment: PendingAttachment | null
  signedIn: boolean
  connection: ChatConnection
}

/** What pressing Enter or the send button does. */
export function decideSend(input: SendInput): SendDecision {
  const text = input.text.trim()
  const attachment = input.attachment
  // The upload has not answered yet: sending now would drop the file.
  if (attachment?.status === 'uploading') return { kind: 'ignore' }
  const attachments = attachment?.status === 'ready' ? [attachment.url] : []
  if (text === '' && attachments.length === 0) return { kind: 'ignore' }
  if (!input.signedIn) return { kind: 'reject', message: CHAT_MESSAGES.NOT_LOGGED_IN }
  if (input.connection === 'disconnected') return { kind: 'reject', message: CHAT_MESSAGES.CONNECTION_LOST }
  return { kind: 'send', message: text, attachments }
}

export type ComposerKey = 'send' | 'newline' | 'none'

/** Enter sends; Shift+Enter (and Enter while an input method is composing a character) does not. */
export function composerKey(event: { key: string; shiftKey: boolean; isComposing?: boolean }): ComposerKey {
  if (event.key !== 'Enter') return 'none'
  if (event.shiftKey || event.isComposing) return 'newline'
  return 'send'
}

/** Upload progress as a whole percent, 0 to 100. */
export function uploadPercent(loaded: number, total: number): number {
  if (!Number.isFinite(loaded) || !Number.isFinite(total) || total <= 0) return 0
  return Math.min(100, Math.max(0, Math.round((loaded / total) * 100)))
}

export const FILE_MESSAGES = {
  TOO_LARGE: `The file is too large. Files can be up to ${CHAT_UPLOAD.MAX_BYTES / (1024 * 1024)} MB.`,
  WRONG_TYPE: 'This file type is not allowed. Send images, PDF, Word (docx) or Excel (xls, xlsx) files.',
} as const

/** Checked before uploading (the server checks again, by content): the spec's types and the size limit. */
export function checkFile(file: { name: string; size: number }): string | null {
  const extension = /\.([A-Za-z0-9]+)$/.exec(file.name)?.[1]?.toLowerCase()
  if (!extension || !(CHAT_UPLOAD.EXTENSIONS as readonly string[]).includes(extension))
    return FILE_MESSAGES.WRONG_TYPE
  if (file.size > CHAT_UPLOAD.MAX_BYTES) return FILE_MESSAGES.TOO_LARGE
  return null
}

/** docs/product/chat.md#composer: only the first chosen file is taken. */
export const firstFile = <T>(files: ArrayLike<T> | null | undefined): T | null => files?.[0] ?? null
