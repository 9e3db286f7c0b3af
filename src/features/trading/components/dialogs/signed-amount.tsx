import { css } from 'styled-system/css'
import { formatSignedAmount, type DisplayCurrency } from '../../../../domain/format/currency'

// A profit or loss in the customer's display currency: green with '+' when above zero, red with '-' below (spec
// 2.7), so the sign says it without the colour. The same text as the positions drawer and the bottom bar.
export function SignedAmount(props: { amountUsd: number; currency: DisplayCurrency }) {
  const text = formatSignedAmount(props.amountUsd, props.currency)
  const loss = text.startsWith('-')
  return (
    <span
      data-tone={loss ? 'loss' : 'gain'}
      className={css({ color: loss ? 'loss' : 'gain', textStyle: 'price', whiteSpace: 'nowrap' })}
    >
      {text}
    </span>
  )
}
