import { Eye, ExternalLink } from 'lucide-react'
import { useEffect, useState } from 'react'
import { css } from 'styled-system/css'
import { Box } from 'styled-system/jsx'
import { grid } from 'styled-system/patterns'
import { AlertBox } from '../../../components/ui/alert-box'
import { Button } from '../../../components/ui/button'
import { DialogFrame } from '../../../components/ui/dialog-frame'
import { Spinner } from '../../../components/ui/spinner'
import { Text } from '../../../components/ui/text'
import { API_PREFIX } from '../../../domain/contract/wire'
import { fetchFile } from '../../../lib/files'
import { errorMessage } from '../../../lib/error-message'

/**
 * The admin-only file of a verification request (decision 0020): fetched with the admin's token, never a bare URL.
 */
export const verificationFilePath = (documentId: number) =>
  `${API_PREFIX}/admin/verification/documents/${documentId}/file`

type Loaded =
  | { status: 'loading' }
  | { status: 'ready'; url: string; type: string }
  | { status: 'error'; message: string }

function DocumentView(props: { documentId: number; title: string }) {
  const [file, setFile] = useState<Loaded>({ status: 'loading' })
  useEffect(() => {
    const controller = new AbortController()
    let url: string | null = null
    fetchFile(verificationFilePath(props.documentId), { signal: controller.signal }).then(
      (blob) => {
        url = URL.createObjectURL(blob)
        setFile({ status: 'ready', url, type: blob.type })
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setFile({ status: 'error', message: errorMessage(error) })
      },
    )
    return () => {
      controller.abort()
      if (url) URL.revokeObjectURL(url)
    }
  }, [props.documentId])
  if (file.status === 'loading') return <Spinner label="Loading the document" />
  if (file.status === 'error') return <AlertBox variant="destructive" description={file.message} />
  if (file.type.startsWith('image/')) {
    return (
      <img
        src={file.url}
        alt={props.title}
        className={css({ maxW: 'full', maxH: '70vh', mx: 'auto', rounded: 'control', bg: 'bg.raised' })}
      />
    )
  }
  // A PDF cannot be framed here (the policy allows no blob: frames); the browser's own viewer opens it.
  return (
    <div className={grid({ gap: '3', justifyItems: 'start' })}>
      <Text size="sm">This document is a PDF.</Text>
      <Button variant="outline" onClick={() => window.open(file.url, '_blank', 'noopener')}>
        <ExternalLink size={16} aria-hidden="true" />
        Open the PDF
      </Button>
    </div>
  )
}

/** 'Preview' on a verification request's row: the document in a dialog. */
export function DocumentPreviewButton(props: { documentId: number; customer: string; detail: string }) {
  const [open, setOpen] = useState(false)
  const title = `${props.detail}: ${props.customer}`
  return (
    <>
      {/* Its own line under the request's detail, as a phone's card shows it too. */}
      <Box mt="1" ms="-2">
        <Button variant="ghost" size="xs" onClick={() => setOpen(true)}>
          <Eye size={14} aria-hidden="true" />
          Preview
        </Button>
      </Box>
      <DialogFrame open={open} onOpenChange={setOpen} title={title} size="lg">
        <DocumentView documentId={props.documentId} title={title} />
      </DialogFrame>
    </>
  )
}
