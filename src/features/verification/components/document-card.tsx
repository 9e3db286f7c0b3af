import { Upload } from 'lucide-react'
import { useId, useRef, useState, type FormEvent } from 'react'
import { useForm } from 'react-hook-form'
import { css } from 'styled-system/css'
import { Box, styled } from 'styled-system/jsx'
import { grid, wrap } from 'styled-system/patterns'
import { AlertBox } from '../../../components/ui/alert-box'
import { Button } from '../../../components/ui/button'
import { FormField } from '../../../components/ui/form-field'
import { FormSelect } from '../../../components/ui/form-select'
import { ProgressBar } from '../../../components/ui/progress-bar'
import { SectionCard } from '../../../components/ui/section-card'
import { describeFormats, formatBytes, uploadProblem } from '../../../domain/account/document-upload'
import { formatDate, formatDateTime } from '../../../domain/back-office/labels'
import {
  DOCUMENT_KIND_LABELS,
  DOCUMENT_KINDS,
  DOCUMENT_TYPE_LABELS,
  VERIFICATION_MESSAGES,
  VERIFICATION_UPLOAD,
  type DocumentKind,
  type VerificationDocument,
  type VerificationDocumentType,
  type VerificationStatus,
} from '../../../domain/contract/verification'
import { HttpError } from '../../../lib/http'
import { useUploadDocument } from '../api/upload-document'
import { DocumentStatusChip } from './status-chip'
import { Text } from '../../../components/ui/text'

export interface DocumentCardProps {
  type: VerificationDocumentType
  status: VerificationStatus
  document: VerificationDocument | null
  /** The kind a new upload starts with (the back of an ID: the front's kind). */
  defaultKind: DocumentKind
  /** The day, YYYY-MM-DD, the issue date may not pass. */
  today: string
}

/** Uploading is offered while nothing waits or counts: none yet, rejected or expired. */
const canUpload = (status: VerificationStatus) =>
  status === 'none' || status === 'rejected' || status === 'expired'

function uploadErrorText(error: unknown): string {
  if (error instanceof DOMException && error.name === 'AbortError') return 'The upload was cancelled.'
  if (error instanceof HttpError) {
    if (error.status === 0) return 'The upload did not reach the server. Check your connection and try again.'
    const fields = error.fieldErrors
    return fields.file?.[0] ?? fields.issued_on?.[0] ?? fields.kind?.[0] ?? error.message
  }
  return 'The upload failed. Please try again.'
}

export function DocumentCard(props: DocumentCardProps) {
  const { type, status, document } = props
  const headingId = `document-${type}`
  return (
    <SectionCard
      title={DOCUMENT_TYPE_LABELS[type]}
      headingId={headingId}
      level="h3"
      aside={<DocumentStatusChip status={status} />}
      data-testid={`document-${type}`}
    >
      {document ? (
        <Box as="p" fontSize="sm" color="text.muted" overflowWrap="anywhere">
          {document.kind ? `${DOCUMENT_KIND_LABELS[document.kind]} · ` : ''}
          {document.file_name} · uploaded {formatDateTime(document.created_at)}
          {document.issued_on ? ` · issued ${formatDate(document.issued_on)}` : ''}
        </Box>
      ) : (
        <Text size="sm" tone="muted">
          Nothing uploaded yet.
        </Text>
      )}
      {status === 'pending' ? (
        <Text size="sm">We are reviewing this document; you will be told here as soon as we decide.</Text>
      ) : null}
      {status === 'rejected' && document ? (
        <AlertBox variant="destructive" title="Rejected" data-testid="rejection">
          <p>
            <strong>Reason:</strong>{' '}
            <span data-testid="rejection-reason">{document.reason ?? 'No reason given.'}</span>
          </p>
          {document.advice ? (
            <Box as="p" mt="1">
              <strong>What to do:</strong> {document.advice}
            </Box>
          ) : null}
        </AlertBox>
      ) : null}
      {status === 'expired' && document ? (
        <AlertBox
          variant="warning"
          title="Expired"
          description={document.advice ?? 'This document is too old to count. Please upload a recent one.'}
        />
      ) : null}
      {canUpload(status) ? <UploadForm {...props} /> : null}
    </SectionCard>
  )
}

function UploadForm(props: DocumentCardProps) {
  const upload = useUploadDocument()
  const formId = useId()
  const fileInput = useRef<HTMLInputElement>(null)
  const controller = useRef<AbortController | null>(null)
  // The kind and the issue date are the form's; the file is the input's own (a file input is never controlled).
  const form = useForm<{ kind: DocumentKind; issued_on: string }>({
    defaultValues: { kind: props.defaultKind, issued_on: '' },
  })
  const [file, setFile] = useState<File | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [progress, setProgress] = useState(0)
  const isAddress = props.type === 'address'
  const kinds = DOCUMENT_KINDS[props.type].map((value) => ({ value, label: DOCUMENT_KIND_LABELS[value] }))

  const choose = (chosen: File | null) => {
    upload.reset()
    setFile(chosen)
    setProblem(chosen ? uploadProblem(chosen, VERIFICATION_UPLOAD) : null)
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const { kind, issued_on: issuedOn } = form.getValues()
    if (!file) return setProblem('Choose a file first.')
    const fileProblem = uploadProblem(file, VERIFICATION_UPLOAD)
    if (fileProblem) return setProblem(fileProblem)
    if (isAddress && !issuedOn) return setProblem(VERIFICATION_MESSAGES.ISSUED_ON_REQUIRED)
    if (isAddress && issuedOn > props.today) return setProblem(VERIFICATION_MESSAGES.ISSUED_ON_FUTURE)
    setProblem(null)
    setProgress(0)
    controller.current = new AbortController()
    upload.mutate(
      {
        type: props.type,
        kind,
        ...(isAddress ? { issuedOn } : {}),
        file,
        onProgress: setProgress,
        signal: controller.current.signal,
      },
      {
        onSuccess: () => {
          setFile(null)
          if (fileInput.current) fileInput.current.value = ''
        },
      },
    )
  }

  const shownProblem = problem ?? (upload.isError ? uploadErrorText(upload.error) : null)
  const hintId = `${formId}-hint`
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={`Upload ${DOCUMENT_TYPE_LABELS[props.type].toLowerCase()}`}
      className={grid({ gap: '3', pt: '2', borderTopWidth: '1px', borderColor: 'border.muted' })}
    >
      <FormSelect control={form.control} name="kind" label="Document" options={kinds} />
      {isAddress ? (
        <FormField
          control={form.control}
          name="issued_on"
          label="Issue date"
          type="date"
          max={props.today}
          description="Bills and statements count for 3 months from this date."
        />
      ) : null}
      <div className={grid({ gap: '1' })}>
        <styled.label htmlFor={`${formId}-file`} textStyle="label">
          File
        </styled.label>
        <input
          ref={fileInput}
          id={`${formId}-file`}
          type="file"
          accept={VERIFICATION_UPLOAD.ACCEPT}
          aria-describedby={hintId}
          aria-invalid={problem ? true : undefined}
          onChange={(event) => choose(event.target.files?.[0] ?? null)}
          className={css({
            fontSize: 'sm',
            maxW: 'full',
            '&::file-selector-button': {
              mr: '3',
              px: '3',
              py: '1.5',
              rounded: 'control',
              borderWidth: '1px',
              borderColor: 'border.control',
              bg: 'bg.raised',
              color: 'text',
              cursor: 'pointer',
            },
            _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
          })}
        />
        <Text id={hintId} size="xs" tone="muted">
          {describeFormats(VERIFICATION_UPLOAD)}, up to {formatBytes(VERIFICATION_UPLOAD.MAX_BYTES)}.
        </Text>
      </div>
      {shownProblem ? <AlertBox variant="destructive" description={shownProblem} /> : null}
      {upload.isPending ? <ProgressBar label="Uploading" value={progress} testId="upload-progress" /> : null}
      <div className={wrap({ gap: '2' })}>
        <Button type="submit" loading={upload.isPending} disabled={Boolean(problem) && file !== null}>
          <Upload size={16} aria-hidden="true" />
          Upload
        </Button>
        {upload.isPending ? (
          <Button variant="ghost" onClick={() => controller.current?.abort()}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  )
}
