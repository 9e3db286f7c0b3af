import { AlertCircle, Check, Paperclip, SendHorizontal, X } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { css } from 'styled-system/css'
import { Box, Flex, HStack, styled } from 'styled-system/jsx'
import { stack } from 'styled-system/patterns'
import { Button, IconButton } from '../../../components/ui/button'
import { composerKey, firstFile, type PendingAttachment } from '../../../domain/chat/composer'
import { CHAT_MESSAGES, CHAT_UPLOAD } from '../../../domain/contract/chat'
import type { Composer } from '../hooks/use-composer'

const MAX_ROWS = 6

/** The pending attachment: its name, then the upload's percent, 'Error', or a tick when ready; and a remove button. */
export function AttachmentChip(props: { attachment: PendingAttachment; onRemove: () => void }) {
  const { attachment } = props
  const error = attachment.status === 'error'
  return (
    <HStack
      data-testid="attachment-chip"
      data-status={attachment.status}
      position="relative"
      display="inline-flex"
      gap="2"
      maxW="full"
      pl="3"
      pr="1"
      py="1"
      rounded="pill"
      borderWidth="1px"
      fontSize="xs"
      overflow="hidden"
      borderColor={error ? 'danger.border' : 'border.default'}
      bg={error ? 'danger.subtle' : 'bg.raised'}
    >
      {attachment.status === 'uploading' ? (
        <Box
          as="span"
          role="progressbar"
          aria-label={`Uploading ${attachment.fileName}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={attachment.progress}
          position="absolute"
          left="0"
          bottom="0"
          h="0.5"
          bg="accent.solid"
          style={{ width: `${attachment.progress}%` }}
        />
      ) : null}
      <Paperclip size={14} aria-hidden="true" className={css({ flexShrink: 0 })} />
      <Box as="span" minW="0" truncate maxW="16rem">
        {attachment.fileName}
      </Box>
      {attachment.status === 'uploading' ? (
        <Box as="span" data-testid="attachment-progress" color="text.muted" fontVariantNumeric="tabular-nums">
          {attachment.progress}%
        </Box>
      ) : error ? (
        <HStack
          as="span"
          title={attachment.message}
          display="inline-flex"
          gap="1"
          color="danger"
          fontWeight="semibold"
        >
          <AlertCircle size={14} aria-hidden="true" />
          {CHAT_MESSAGES.UPLOAD_ERROR_CHIP}
        </HStack>
      ) : (
        <HStack as="span" display="inline-flex" gap="1" color="success">
          <Check size={14} aria-hidden="true" />
          Ready
        </HStack>
      )}
      <IconButton size="xs" aria-label={`Remove attachment ${attachment.fileName}`} onClick={props.onRemove}>
        <X aria-hidden="true" />
      </IconButton>
    </HStack>
  )
}

/**
 * docs/product/chat.md#composer: text input, attach button and send button; Enter sends, Shift+Enter makes a new
 * line.
 */
export function ChatComposer(props: {
  composer: Composer
  disabled: boolean
  /** Focus the message box (caret at the end) once it is enabled: the text was prefilled for the customer. */
  focusOnEnable?: boolean
}) {
  const { composer, disabled, focusOnEnable = false } = props
  const fileInput = useRef<HTMLInputElement | null>(null)
  const messageBox = useRef<HTMLTextAreaElement | null>(null)
  const focused = useRef(false)
  // The box is disabled until the conversation has loaded; the focus waits for it, and is given once.
  useEffect(() => {
    const box = messageBox.current
    if (!focusOnEnable || disabled || focused.current || !box) return
    focused.current = true
    box.focus()
    box.setSelectionRange(box.value.length, box.value.length)
  }, [focusOnEnable, disabled])
  const rows = Math.min(MAX_ROWS, Math.max(1, composer.text.split('\n').length))
  const uploading = composer.attachment?.status === 'uploading'
  return (
    <form
      aria-label="Send a message"
      onSubmit={(event) => {
        event.preventDefault()
        composer.submit()
      }}
      className={stack({ gap: '2', p: { base: '2', md: '3' } })}
    >
      {composer.attachment ? (
        <div>
          <AttachmentChip attachment={composer.attachment} onRemove={composer.removeAttachment} />
        </div>
      ) : null}
      <Flex alignItems="flex-end" gap="2">
        <styled.input
          ref={fileInput}
          type="file"
          accept={CHAT_UPLOAD.ACCEPT}
          data-testid="chat-file-input"
          tabIndex={-1}
          aria-hidden="true"
          display="none"
          onChange={(event) => {
            composer.attach(firstFile(event.currentTarget.files))
            // The same file can be chosen again after removing it.
            event.currentTarget.value = ''
          }}
        />
        <IconButton
          size="md"
          aria-label="Attach a file"
          disabled={disabled}
          onClick={() => fileInput.current?.click()}
        >
          <Paperclip aria-hidden="true" />
        </IconButton>
        <styled.textarea
          ref={messageBox}
          aria-label="Message"
          placeholder={disabled ? CHAT_MESSAGES.PLACEHOLDER_DISABLED : CHAT_MESSAGES.PLACEHOLDER}
          disabled={disabled}
          rows={rows}
          value={composer.text}
          maxLength={5_000}
          onChange={(event) => composer.setText(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (composerKey({ ...event, isComposing: event.nativeEvent.isComposing }) !== 'send') return
            event.preventDefault()
            composer.submit()
          }}
          flex="1"
          minW="0"
          resize="none"
          px="3"
          py="2.5"
          minH="10"
          rounded="control"
          borderWidth="1px"
          borderColor="border.control"
          bg="bg.app"
          color="text.default"
          fontSize="sm"
          lineHeight="1.35"
          _placeholder={{ color: 'text.muted' }}
          _focusVisible={{ outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '1px' }}
          _disabled={{ opacity: 0.6, cursor: 'not-allowed' }}
        />
        <Button
          type="submit"
          iconOnly
          aria-label="Send message"
          loading={composer.sending}
          disabled={disabled || uploading}
        >
          {composer.sending ? null : <SendHorizontal aria-hidden="true" />}
        </Button>
      </Flex>
    </form>
  )
}
