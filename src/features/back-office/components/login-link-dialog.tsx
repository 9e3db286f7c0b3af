import { Check, Copy } from 'lucide-react'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { Flex } from 'styled-system/jsx'
import { grid } from 'styled-system/patterns'
import { AlertBox } from '../../../components/ui/alert-box'
import { Button } from '../../../components/ui/button'
import { DialogFrame } from '../../../components/ui/dialog-frame'
import { TextField } from '../../../components/ui/input'
import { Spinner } from '../../../components/ui/spinner'
import { Text } from '../../../components/ui/text'
import { formatDateTime } from '../../../domain/back-office/labels'

// The one-time sign-in link the admin hands a customer (by chat or e-mail): shown once with a Copy button. The
// server keeps no readable copy and the audit log records only that one was made, so a lost link means a new one.

export interface LoginLinkDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  clientName: string
  /** The link's state: being made, made (its absolute URL and expiry), or refused with the server's message. */
  state:
    | { status: 'pending' }
    | { status: 'success'; url: string; expiresAt: string }
    | { status: 'error'; message: string }
  onRetry: () => void
  /** Copies the text; resolves when it is on the clipboard. */
  copy?: (text: string) => Promise<void>
}

const defaultCopy = (text: string) => navigator.clipboard.writeText(text)

function LinkBody(props: Omit<LoginLinkDialogProps, 'open' | 'onOpenChange' | 'clientName'>) {
  const [copied, setCopied] = useState<'no' | 'yes' | 'failed'>('no')
  if (props.state.status === 'pending') return <Spinner label="Making the sign-in link" />
  if (props.state.status === 'error') {
    return (
      <div className={grid({ gap: '3' })}>
        <AlertBox variant="destructive" title={props.state.message} />
        <div>
          <Button variant="outline" onClick={props.onRetry}>
            Try again
          </Button>
        </div>
      </div>
    )
  }
  const { url, expiresAt } = props.state
  const copy = props.copy ?? defaultCopy
  return (
    <div className={grid({ gap: '3' })}>
      <Flex gap="2" alignItems="flex-end">
        <TextField
          label="Sign-in link"
          value={url}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          rootClassName={css({ flex: '1', minW: '0' })}
          className={css({ fontFamily: 'mono', fontSize: 'xs' })}
        />
        <Button
          variant="outline"
          onClick={() =>
            void copy(url).then(
              () => setCopied('yes'),
              () => setCopied('failed'),
            )
          }
        >
          {copied === 'yes' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied === 'yes' ? 'Copied' : 'Copy'}
        </Button>
      </Flex>
      <Text size="sm" tone="muted" role="status">
        {copied === 'failed'
          ? 'The browser refused the clipboard: select the link and copy it by hand.'
          : `Works once, until ${formatDateTime(expiresAt)}. Send it only to the customer.`}
      </Text>
    </div>
  )
}

export function LoginLinkDialog(props: LoginLinkDialogProps) {
  return (
    <DialogFrame
      open={props.open}
      onOpenChange={props.onOpenChange}
      title="Sign-in link"
      description={`Opens ${props.clientName}'s account without a password, once.`}
    >
      <LinkBody state={props.state} onRetry={props.onRetry} copy={props.copy} />
    </DialogFrame>
  )
}
