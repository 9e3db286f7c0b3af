import { Crown } from 'lucide-react'
import { css } from 'styled-system/css'
import type { User } from '../../../domain/contract/user'

/** The customer's plan as a button that opens the plans comparison (spec 2.7). */
export function PlanBadge(props: { plan: NonNullable<User['account_type']>; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={props.onClick}
      aria-label={`${props.plan.title} plan: compare plans`}
      style={{ borderColor: props.plan.color }}
      className={css({
        display: 'inline-flex',
        alignItems: 'center',
        gap: '1',
        h: '6',
        px: '2',
        rounded: 'pill',
        borderWidth: '1px',
        fontSize: 'xs',
        fontWeight: 'bold',
        whiteSpace: 'nowrap',
        cursor: 'pointer',
        _hover: { bg: 'bg.hover' },
        _focusVisible: { focusVisibleRing: 'outside' },
      })}
    >
      <Crown size={12} aria-hidden="true" style={{ color: props.plan.color }} />
      {props.plan.title}
    </button>
  )
}
