// The customer's plan (docs/product/marketplace.md#account-plans): a crown in the plan's colour and its title,
// optionally with the leverage it grants, as a button to the plans comparison where the screen offers one. The
// workspace header, its side menu and the Algo Trader panel show it.
import { Crown } from 'lucide-react'
import { css, cx } from 'styled-system/css'
import type { User } from '../domain/contract/user'

const badge = css({
  alignItems: 'center',
  gap: '1',
  h: '6',
  px: '2',
  rounded: 'pill',
  borderWidth: '1px',
  fontSize: 'xs',
  fontWeight: 'bold',
  whiteSpace: 'nowrap',
})
const shown = css({ display: 'inline-flex' })
// Where a side menu shows the badge on phones, the header hides its own.
const shownFromMd = css({ display: { base: 'none', md: 'inline-flex' } })
const badgeButton = css({
  cursor: 'pointer',
  _hover: { bg: 'bg.hover' },
  _focusVisible: { focusVisibleRing: 'outside' },
})

export function PlanBadge(props: {
  plan: NonNullable<User['account_type']>
  /** Shows '· 1:100' after the title, where there is room for it. */
  withLeverage?: boolean
  onClick?: () => void
  /** Hidden below md (768 px). */
  fromMd?: boolean
}) {
  const { plan, withLeverage = false, onClick, fromMd = false } = props
  const display = fromMd ? shownFromMd : shown
  const content = (
    <>
      <Crown size={12} aria-hidden="true" style={{ color: plan.color }} />
      {plan.title}
      {withLeverage ? ` · 1:${plan.leverage}` : null}
    </>
  )
  if (!onClick) {
    return (
      <span className={cx(badge, display)} style={{ borderColor: plan.color }} data-testid="plan-badge">
        {content}
      </span>
    )
  }
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={`${plan.title} plan${withLeverage ? `, leverage 1:${plan.leverage}` : ''}: compare plans`}
      className={cx(badge, display, badgeButton)}
      style={{ borderColor: plan.color }}
      data-testid="plan-badge"
    >
      {content}
    </button>
  )
}
