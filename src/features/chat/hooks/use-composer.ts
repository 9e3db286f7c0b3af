// The composer's state (docs/product/chat.md#composer): the text, one pending attachment (uploading with progress,
// ready, or in error), and sending with the spec's rules and messages. A draft keeps its client_message_id until it
// is sent or changed, so resending the same draft after a lost answer cannot store it twice.
import { useCallback, useEffect, useRef, useState } from 'react'
import { toast } from '../../../components/ui/toast'
import {
  checkFile,
  decideSend,
  uploadPercent,
  type ChatConnection,
  type PendingAttachment,
} from '../../../domain/chat/composer'
import type { ChatMessage } from '../../../domain/contract/chat'
import { sendErrorMessage } from '../api/errors'
import type { ConversationRef } from '../api/get-messages'
import { newClientMessageId, useSendChatMessage } from '../api/send-message'
import { uploadChatFile } from '../api/upload-file'

export interface Composer {
  text: string
  setText: (text: string) => void
  attachment: PendingAttachment | null
  attach: (file: File | null) => void
  removeAttachment: () => void
  submit: () => void
  sending: boolean
}

export function useComposer(options: {
  conversation: ConversationRef | null
  signedIn: boolean
  connection: ChatConnection
  /** The server stored the message: this is its answer. */
  onSent?: (message: ChatMessage) => void
  /** The text the composer opens with (a question about a reference, /main/chat?about=). */
  initialText?: string | undefined
}): Composer {
  const { conversation, signedIn, connection, onSent } = options
  const [text, setTextState] = useState(options.initialText ?? '')
  const [attachment, setAttachment] = useState<PendingAttachment | null>(null)
  const upload = useRef<AbortController | null>(null)
  const clientMessageId = useRef<string | null>(null)
  const send = useSendChatMessage()

  const cancelUpload = () => {
    upload.current?.abort()
    upload.current = null
  }
  // Leaving the page or the conversation abandons an upload in flight.
  useEffect(() => () => upload.current?.abort(), [])

  const setText = useCallback((next: string) => {
    setTextState(next)
    clientMessageId.current = null
  }, [])

  const attach = (file: File | null) => {
    if (!file) return
    cancelUpload()
    clientMessageId.current = null
    const problem = checkFile(file)
    if (problem) {
      setAttachment({ status: 'error', fileName: file.name, message: problem })
      toast.error(problem)
      return
    }
    const controller = new AbortController()
    upload.current = controller
    const current = () => upload.current === controller
    setAttachment({ status: 'uploading', fileName: file.name, progress: 0 })
    uploadChatFile(file, {
      signal: controller.signal,
      onProgress: (loaded, total) => {
        if (!current()) return
        const progress = uploadPercent(loaded, total)
        setAttachment((previous) =>
          previous?.status === 'uploading' && previous.progress !== progress
            ? { ...previous, progress }
            : previous,
        )
      },
    })
      .then((uploaded) => {
        if (!current()) return
        upload.current = null
        setAttachment({ status: 'ready', fileName: file.name, url: uploaded.url })
      })
      .catch((error: unknown) => {
        if (!current()) return
        upload.current = null
        const message = error instanceof Error ? error.message : String(error)
        setAttachment({ status: 'error', fileName: file.name, message })
        toast.error(message)
      })
  }

  const removeAttachment = () => {
    cancelUpload()
    clientMessageId.current = null
    setAttachment(null)
  }

  const submit = () => {
    if (send.isPending) return
    const decision = decideSend({ text, attachment, signedIn, connection })
    if (decision.kind === 'ignore') return
    if (decision.kind === 'reject') {
      toast.error(decision.message)
      return
    }
    if (!conversation) return
    clientMessageId.current ??= newClientMessageId()
    send.mutate(
      {
        ref: conversation,
        message: decision.message,
        attachments: decision.attachments,
        clientMessageId: clientMessageId.current,
      },
      {
        onSuccess: (message) => {
          clientMessageId.current = null
          setTextState('')
          setAttachment(null)
          onSent?.(message)
        },
        onError: (error) => {
          toast.error(sendErrorMessage(error))
        },
      },
    )
  }

  return { text, setText, attachment, attach, removeAttachment, submit, sending: send.isPending }
}
