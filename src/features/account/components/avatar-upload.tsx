import { ImageUp, Trash2, UserRound } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { styled } from 'styled-system/jsx'
import { grid, visuallyHidden, wrap } from 'styled-system/patterns'
import { AlertBox } from '../../../components/ui/alert-box'
import { Button } from '../../../components/ui/button'
import { ProgressBar } from '../../../components/ui/progress-bar'
import { describeFormats, formatBytes, uploadProblem } from '../../../domain/account/document-upload'
import { AVATAR_UPLOAD } from '../../../domain/contract/profile'
import { useRemoveAvatar, useUploadAvatar } from '../api/upload-avatar'
import { problemText } from './server-errors'
import { Text } from '../../../components/ui/text'

/** The avatar (an image only, checked here and by content on the server), with upload progress. */
export function AvatarUpload(props: { avatar: string | null; name: string; onChanged: () => void }) {
  const inputId = useId()
  const input = useRef<HTMLInputElement>(null)
  const [progress, setProgress] = useState(0)
  const [problem, setProblem] = useState<string | null>(null)
  const upload = useUploadAvatar(setProgress)
  const remove = useRemoveAvatar()
  const choose = (file: File | undefined) => {
    if (!file) return
    const refused = uploadProblem(file, AVATAR_UPLOAD)
    setProblem(refused)
    if (input.current) input.current.value = ''
    if (refused) return
    setProgress(0)
    upload.mutate(file, { onSuccess: props.onChanged, onError: (error) => setProblem(problemText(error)) })
  }
  return (
    <div className={wrap({ gap: '4', alignItems: 'center' })}>
      <div
        className={grid({
          w: '20',
          h: '20',
          rounded: 'full',
          overflow: 'hidden',
          bg: 'bg.raised',
          placeItems: 'center',
          flexShrink: 0,
          borderWidth: '1px',
          borderColor: 'border',
        })}
      >
        {props.avatar ? (
          <styled.img src={props.avatar} alt={props.name} w="full" h="full" objectFit="cover" />
        ) : (
          <UserRound size={36} aria-hidden="true" className={css({ color: 'text.muted' })} />
        )}
      </div>
      <div className={grid({ gap: '2', flex: '1', minW: '12rem' })}>
        <div className={wrap({ gap: '2' })}>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={AVATAR_UPLOAD.ACCEPT}
            className={visuallyHidden()}
            // The button opens it: the input itself is neither a stop nor a control of its own (decision 0041).
            tabIndex={-1}
            aria-hidden
            aria-describedby={`${inputId}-hint`}
            onChange={(event) => choose(event.target.files?.[0])}
          />
          <Button variant="outline" loading={upload.isPending} onClick={() => input.current?.click()}>
            <ImageUp size={16} aria-hidden="true" />
            {props.avatar ? 'Change picture' : 'Upload picture'}
          </Button>
          {props.avatar ? (
            <Button
              variant="ghost"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: props.onChanged,
                  onError: (error) => setProblem(problemText(error)),
                })
              }
            >
              <Trash2 size={16} aria-hidden="true" />
              Remove
            </Button>
          ) : null}
        </div>
        <Text id={`${inputId}-hint`} size="xs" tone="muted">
          {describeFormats(AVATAR_UPLOAD)}, up to {formatBytes(AVATAR_UPLOAD.MAX_BYTES)}. Shown in the support
          chat.
        </Text>
        {upload.isPending ? <ProgressBar label="Uploading picture" value={progress} /> : null}
        {problem ? <AlertBox variant="destructive" description={problem} /> : null}
      </div>
    </div>
  )
}
