import { css, cx } from 'styled-system/css'
import { visuallyHidden } from 'styled-system/patterns'
import { Text } from '../../../components/ui/text'
import { formatSignedAmount, type DisplayCurrency } from '../../../domain/format/currency'
import { signTone } from '../../../domain/format/numbers'

// The cashier's own figures; the table, its cells and its pager are the app's (components/ui/list-table.tsx).

/**
 * A signed amount: '+$100.00' in the gain colour, '-$50.00' in the loss colour; the sign says it without colour.
 * A movement that never happened or was undone (failed, rejected, cancelled) is struck through and muted, and says
 * so to a screen reader: its money did not move.
 */
export function SignedMoney(props: {
  amountUsd: number
  currency: DisplayCurrency
  className?: string
  voided?: boolean
}) {
  const text = formatSignedAmount(props.amountUsd, props.currency)
  if (props.voided)
    return (
      <Text
        as="span"
        numeric
        tone="muted"
        className={cx(css({ textDecoration: 'line-through' }), props.className)}
      >
        {text}
        <span className={visuallyHidden()}> (not applied)</span>
      </Text>
    )
  return (
    <Text as="span" numeric tone={signTone(text)} className={props.className}>
      {text}
    </Text>
  )
}

/** Statuses whose money did not move, or moved back. */
export const isVoidStatus = (status: string) =>
  status === 'failed' || status === 'rejected' || status === 'cancelled'
