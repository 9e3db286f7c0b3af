import { CircleAlert, CircleCheck, Info, TriangleAlert, X, type LucideIcon } from 'lucide-react'
import type { ComponentProps, ReactNode } from 'react'
import { cx } from 'styled-system/css'
import { alertBox } from 'styled-system/recipes'

// The reusable alert box of docs/product/site-and-gates.md#toasts-and-alert-boxes: four variants, each with its own
// icon so colour is never the only signal; destructive and warning interrupt assistive technology (role="alert"), the
// others wait (role="status").

export type AlertBoxVariant = 'default' | 'destructive' | 'success' | 'warning'

const ICONS: Record<AlertBoxVariant, LucideIcon> = {
  default: Info,
  destructive: CircleAlert,
  success: CircleCheck,
  warning: TriangleAlert,
}

export type AlertBoxProps = Omit<ComponentProps<'div'>, 'title'> & {
  variant?: AlertBoxVariant
  title?: ReactNode
  description?: ReactNode
  /** When given, a close button (named 'Close') is shown and calls it. */
  onClose?: () => void
  /** Replaces the variant's icon. */
  icon?: ReactNode
}

export function AlertBox({
  variant = 'default',
  title,
  description,
  onClose,
  icon,
  className,
  children,
  ...props
}: AlertBoxProps) {
  const classes = alertBox({ variant })
  const Icon = ICONS[variant]
  return (
    <div
      role={variant === 'destructive' || variant === 'warning' ? 'alert' : 'status'}
      data-variant={variant}
      className={cx(classes.root, className)}
      {...props}
    >
      <span className={classes.icon} aria-hidden="true">
        {icon ?? <Icon width="100%" height="100%" />}
      </span>
      <div className={classes.content}>
        {title ? <p className={classes.title}>{title}</p> : null}
        {description ? <div className={classes.description}>{description}</div> : null}
        {children}
      </div>
      {onClose ? (
        <button type="button" aria-label="Close" className={classes.closeTrigger} onClick={onClose}>
          <X />
        </button>
      ) : null}
    </div>
  )
}
