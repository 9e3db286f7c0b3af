import { Link } from '@tanstack/react-router'
import { MessageCircleQuestion } from 'lucide-react'
import { css, cx } from 'styled-system/css'
import { button } from 'styled-system/recipes'

// "Ask about this" (decision 0019): any deposit, withdrawal or transaction raised with support in one tap. The chat
// opens with the reference already in the composer (/main/chat?about=<reference>).

export function AskAboutLink(props: { reference: string; className?: string }) {
  return (
    <Link
      to="/main/chat"
      search={{ about: props.reference }}
      aria-label={`Ask about this: ${props.reference}`}
      className={cx(button({ variant: 'ghost', size: 'xs' }), css({ color: 'text.muted' }), props.className)}
    >
      <MessageCircleQuestion aria-hidden="true" />
      Ask about this
    </Link>
  )
}
