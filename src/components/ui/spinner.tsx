import type { ComponentProps } from 'react'
import { css, cx } from 'styled-system/css'
import { visuallyHidden } from 'styled-system/patterns'
import { spinner, type SpinnerVariantProps } from 'styled-system/recipes'

export type SpinnerProps = Omit<ComponentProps<'span'>, 'children'> &
  SpinnerVariantProps & {
    /** When given, the spinner is announced (role="status") with this text; otherwise it is decorative. */
    label?: string
  }

export function Spinner({ label, className, ...props }: SpinnerProps) {
  const [variants, rest] = spinner.splitVariantProps(props)
  if (!label) return <span aria-hidden="true" className={cx(spinner(variants), className)} {...rest} />
  return (
    <span role="status" className={cx(css({ display: 'inline-flex' }), className)} {...rest}>
      <span aria-hidden="true" className={spinner(variants)} />
      <span className={visuallyHidden()}>{label}</span>
    </span>
  )
}
