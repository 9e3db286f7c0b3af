import { Copy, Download } from 'lucide-react'
import { useState } from 'react'
import { Box } from 'styled-system/jsx'
import { grid, wrap } from 'styled-system/patterns'
import { AlertBox } from '../../../components/ui/alert-box'
import { Button } from '../../../components/ui/button'
import { recoveryCodesText } from '../../../domain/account/two-factor-forms'
import { saveBlob } from '../../../lib/files'

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
  const download = () => saveBlob(new Blob([text()], { type: 'text/plain' }), 'recovery-codes.txt')
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
          <Box as="li" key={code} overflowWrap="anywhere">
            {code}
          </Box>
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
        <Box as="span" role="status" alignSelf="center" fontSize="sm" color="text.muted">
          {copied === 'yes'
            ? 'Copied.'
            : copied === 'failed'
              ? 'Copying is blocked here; download them.'
              : ''}
        </Box>
      </div>
    </div>
  )
}
