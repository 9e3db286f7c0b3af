import { Download, FileText, ImageOff } from 'lucide-react'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { Box, styled } from 'styled-system/jsx'
import { center, hstack } from 'styled-system/patterns'
import { Spinner } from '../../../components/ui/spinner'
import { toast } from '../../../components/ui/toast'
import type { ChatAttachment } from '../../../domain/contract/chat'
import { saveFile, useFileUrl } from '../api/get-file'
import { serverMessage } from '../../../lib/error-message'

export const DOWNLOAD_FAILED = 'Failed to download file.'

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

/** Fixed thumbnail box: a row's height must not change when the picture arrives (the list is virtualised). */
export const THUMBNAIL = { WIDTH: 200, HEIGHT: 150 } as const

/** A protected image (fetched with the token) as an <img>; a placeholder while it loads or when it cannot. */
export function ProtectedImage(props: { src: string; alt: string; className?: string; testId?: string }) {
  const file = useFileUrl(props.src)
  if (file.status === 'ready')
    return <img src={file.url} alt={props.alt} className={props.className} data-testid={props.testId} />
  return (
    <span
      role="img"
      aria-label={file.status === 'error' ? `${props.alt} (could not be loaded)` : `Loading ${props.alt}`}
      className={center({ w: 'full', h: 'full', minH: '24', color: 'text.muted' })}
    >
      {file.status === 'error' ? <ImageOff size={20} aria-hidden="true" /> : <Spinner size="sm" />}
    </span>
  )
}

/**
 * docs/product/data-model.md#chat-message: images as thumbnails (opened on click), other files as downloads showing
 * their name.
 */
export function AttachmentView(props: {
  attachment: ChatAttachment
  onOpenImage: (attachment: ChatAttachment) => void
}) {
  const { attachment } = props
  const [saving, setSaving] = useState(false)
  if (attachment.is_image) {
    return (
      <styled.button
        type="button"
        onClick={() => props.onOpenImage(attachment)}
        aria-label={`Open image ${attachment.file_name}`}
        display="block"
        rounded="md"
        overflow="hidden"
        cursor="zoom-in"
        bg="bg.app"
        focusVisibleRing="outside"
        style={{ width: THUMBNAIL.WIDTH, maxWidth: '100%', height: THUMBNAIL.HEIGHT }}
      >
        <ProtectedImage
          src={attachment.download_url}
          alt={attachment.file_name}
          className={css({ w: 'full', h: 'full', objectFit: 'cover' })}
        />
      </styled.button>
    )
  }
  const download = () => {
    if (saving) return
    setSaving(true)
    saveFile(attachment.download_url, attachment.file_name)
      .catch((error: unknown) => toast.error(serverMessage(error) ?? DOWNLOAD_FAILED))
      .finally(() => setSaving(false))
  }
  return (
    <button
      type="button"
      onClick={download}
      aria-busy={saving || undefined}
      aria-label={`Download ${attachment.file_name} (${formatFileSize(attachment.size)})`}
      className={hstack({
        gap: '2',
        w: 'full',
        maxW: '18rem',
        px: '3',
        py: '2',
        textAlign: 'left',
        rounded: 'md',
        bg: 'bg.app',
        borderWidth: '1px',
        borderColor: 'border.default',
        fontSize: 'sm',
        color: 'text.default',
        minW: '0',
        cursor: 'pointer',
        _hover: { borderColor: 'border.control' },
        focusVisibleRing: 'outside',
      })}
    >
      <FileText size={18} aria-hidden="true" className={css({ flexShrink: 0 })} />
      <Box as="span" flex="1" minW="0" truncate>
        {attachment.file_name}
      </Box>
      <Box as="span" color="text.muted" fontSize="xs" flexShrink={0}>
        {formatFileSize(attachment.size)}
      </Box>
      {saving ? (
        <Spinner size="sm" />
      ) : (
        <Download size={16} aria-hidden="true" className={css({ flexShrink: 0 })} />
      )}
    </button>
  )
}
