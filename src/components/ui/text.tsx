import type { ComponentProps } from 'react'
import { cx } from 'styled-system/css'
import { text, type TextVariantProps } from 'styled-system/recipes'

export type TextProps = ComponentProps<'p'> &
  TextVariantProps & {
    as?: 'p' | 'span' | 'div' | 'strong' | 'small'
  }

/**
 * Body text. `tone` colours it (muted, gain, loss, ...); pair gain/loss with a sign or arrow so colour is not the
 * only signal. `numeric` switches to tabular mono digits for prices.
 */
export function Text({ as: Tag = 'p', className, ...props }: TextProps) {
  const [variants, rest] = text.splitVariantProps(props)
  return <Tag className={cx(text(variants), className)} {...rest} />
}
