import type { ComponentProps, ReactNode } from 'react'
import { cx } from 'styled-system/css'
import { button, type ButtonVariantProps } from 'styled-system/recipes'
import { Spinner } from './spinner'

// A plain <button> (Ark has no button part). `type` defaults to "button" so a button inside a form never submits it
// by accident; submit buttons say type="submit".

export type ButtonProps = ComponentProps<'button'> &
  ButtonVariantProps & {
    /** Disables the button, shows a spinner before the label and sets aria-busy; the label stays readable. */
    loading?: boolean
    /** Replaces the label while loading (e.g. 'Creating account...'). */
    loadingText?: ReactNode
  }

export function Button({
  loading = false,
  loadingText,
  disabled,
  type = 'button',
  className,
  children,
  ...props
}: ButtonProps) {
  const [variants, rest] = button.splitVariantProps(props)
  return (
    <button
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      data-loading={loading ? '' : undefined}
      className={cx(button(variants), className)}
      {...rest}
    >
      {loading && <Spinner size={variants.size === 'lg' ? 'md' : 'sm'} />}
      {loading && loadingText !== undefined ? loadingText : children}
    </button>
  )
}

export type IconButtonProps = Omit<ButtonProps, 'aria-label' | 'loadingText' | 'iconOnly'> & {
  /** Required: an icon alone has no text for assistive technology. */
  'aria-label': string
}

/** A square button holding only an icon (ghost by default); the label names it. */
export function IconButton({ variant = 'ghost', ...props }: IconButtonProps) {
  return <Button variant={variant} iconOnly {...props} />
}
