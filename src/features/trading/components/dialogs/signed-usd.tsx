import { css } from 'styled-system/css'
import { formatMoney } from '../../../../domain/format/numbers'

// A profit or loss in USD: green with '+' when 0 or more, red with '-' when negative (spec 2.7), so the sign says
// it without the colour. The figure sits in its own element, apart from the currency code.

/** '+12.34' or '-5.00'; the sign follows the figure as shown, so -0.004 reads '+0.00', not '-0.00'. */
export function signedMoneyText(amountUsd: number): string {
  const text = formatMoney(Math.abs(amountUsd))
  const negative = amountUsd < 0 && text !== '0.00'
  return `${negative ? '-' : '+'}${text}`
}

export function SignedUsd(props: { amountUsd: number }) {
  const text = signedMoneyText(props.amountUsd)
  const loss = text.startsWith('-')
  return (
    <span
      data-tone={loss ? 'loss' : 'gain'}
      className={css({ color: loss ? 'loss' : 'gain', textStyle: 'price', whiteSpace: 'nowrap' })}
    >
      <span>{text}</span> <span className={css({ fontSize: 'xs' })}>USD</span>
    </span>
  )
}
