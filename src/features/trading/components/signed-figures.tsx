import type { HTMLAttributes } from 'react'
import { css, cx } from 'styled-system/css'
import { LiveText, type LiveTextProps } from '../../../components/ui/live-text'
import { Text } from '../../../components/ui/text'
import { formatSignedAmount, type DisplayCurrency } from '../../../domain/format/currency'
import { signTone } from '../../../domain/format/numbers'

// Profits, losses and changes: coloured by the sign their text shows (`signTone`: 0 or more green, negative red,
// docs/product/trading-workspace.md#dialogs), so colour and sign always agree and the sign says it without the
// colour. Every signed figure of the workspace and its dialogs is one of these two.

/** A figure that moves with the feed (a position's P/L, the portfolio total, a change %): see `LiveText`. */
export function SignedLiveText(props: Omit<LiveTextProps, 'tone'>) {
  return <LiveText {...props} tone={signTone(props.text)} />
}

const nowrap = css({ whiteSpace: 'nowrap' })

/** A profit or loss that stays put (a closed trade, a dialog's figure), in the customer's display currency. */
export function SignedAmount({
  amountUsd,
  currency,
  className,
  ...rest
}: { amountUsd: number; currency: DisplayCurrency } & Omit<HTMLAttributes<HTMLSpanElement>, 'children'>) {
  const text = formatSignedAmount(amountUsd, currency)
  const tone = signTone(text)
  return (
    <Text as="span" numeric tone={tone} data-tone={tone} className={cx(nowrap, className)} {...rest}>
      {text}
    </Text>
  )
}
