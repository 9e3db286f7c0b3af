import { Check, Copy } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Button, type ButtonProps } from '../../../components/ui/button'
import { toast } from '../../../components/ui/toast'

// Copy one value (an address, an IBAN, a reference) with one tap: 'Copied' for two seconds, or a plain toast when
// the browser refuses the clipboard (an insecure origin, a denied permission) saying to copy it by hand.

const COPIED_MS = 2_000

const defaultCopy = (text: string) => navigator.clipboard.writeText(text)

export interface CopyButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  value: string
  /** What is copied, for the accessible name: 'Copy IBAN'. */
  what: string
  copy?: (text: string) => Promise<void>
}

export function CopyButton({ value, what, copy = defaultCopy, ...props }: CopyButtonProps) {
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), COPIED_MS)
    return () => clearTimeout(timer)
  }, [copied])
  return (
    <Button
      variant="outline"
      size="sm"
      aria-label={copied ? `Copied ${what}` : `Copy ${what}`}
      {...props}
      onClick={() =>
        void copy(value).then(
          () => setCopied(true),
          () => toast.error('The browser refused the clipboard: select the text and copy it by hand.'),
        )
      }
    >
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      {copied ? 'Copied' : 'Copy'}
    </Button>
  )
}
