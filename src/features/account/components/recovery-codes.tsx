import { Copy, Download } from 'lucide-react'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { grid, wrap } from 'styled-system/patterns'
import { AlertBox } from '../../../components/ui/alert-box'
import { Button } from '../../../components/ui/button'
import { recoveryCodesText } from '../../../domain/account/two-factor-forms'

/** The recovery codes, shown once: to copy or save as a text file before the dialog closes. */
export function RecoveryCodes(props: { codes: readonly string[]; siteName: string }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null)
  const text = () => recoveryCodesText(props.codes, props.siteName, new Date())
  const copy = () => {
    navigator.clipboard
      .writeText(text())
      .then(() => setCopied('yes'))
      .catch(() => setCopied('failed'))
  }
  const download = () => {
    const url = URL.createObjectURL(new Blob([text()], { type: 'text/plain' }))
    const link = document.createElement('a')
    link.href = url
    link.download = 'recovery-codes.txt'
    document.body.append(link)
    link.click()
    link.remove()
    setTimeout(() => URL.revokeObjectURL(url), 10_000)
  }
  return (
    <div className={grid({ gap: '4' })}>
      <AlertBox
        variant="warning"
        title="Save these codes now"
        description="They are shown only this once. Each one signs you in a single time if you lose your authenticator app."
      />
      <ol
        aria-label="Recovery codes"
        data-testid="recovery-codes"
        className={grid({
          gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
          gap: '2',
          p: '3',
          bg: 'bg.raised',
          rounded: 'control',
          fontFamily: 'mono',
          fontSize: 'sm',
          listStyle: 'none',
        })}
      >
        {props.codes.map((code) => (
          <li key={code} className={css({ overflowWrap: 'anywhere' })}>
            {code}
          </li>
        ))}
      </ol>
      <div className={wrap({ gap: '2' })}>
        <Button variant="outline" onClick={copy}>
          <Copy size={16} aria-hidden="true" />
          Copy codes
        </Button>
        <Button variant="outline" onClick={download}>
          <Download size={16} aria-hidden="true" />
          Download
        </Button>
        <span role="status" className={css({ alignSelf: 'center', fontSize: 'sm', color: 'text.muted' })}>
          {copied === 'yes'
            ? 'Copied.'
            : copied === 'failed'
              ? 'Copying is blocked here; download them.'
              : ''}
        </span>
      </div>
    </div>
  )
}
