import { Check } from 'lucide-react'
import { css, cx } from 'styled-system/css'
import { stack, visuallyHidden } from 'styled-system/patterns'
import { Button } from '../../../components/ui/button'
import { DialogFrame } from '../../../components/ui/dialog-frame'
import { formatAmount, USD, type DisplayCurrency } from '../../../domain/format/currency'
import { Text } from '../../../components/ui/text'

export interface PlanColumn {
  id: number
  title: string
  /** The plan's colour (CSS colour from the server), shown as a stripe over its column. */
  color: string
  /** One value per planFeatures row, in the same order; the first is an amount in USD. */
  features: readonly string[]
  recommended: boolean
}

export interface PlanFeatureRow {
  id: number
  title: string
  /**
   * How the plans' values read; without it, the first row is the amount (docs/product/data-model.md#account-plan).
   */
  kind?: 'amount' | 'text' | 'boolean'
}

export interface PlansComparisonDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  plans: readonly PlanColumn[]
  /** The comparison's rows; plan.features[i] is the value of planFeatures[i]. */
  planFeatures: readonly PlanFeatureRow[]
  /** The customer's plan (user.account_type.id), marked 'Current plan'; null when none. */
  currentPlanId: number | null
  /** When given, every other plan gets an 'Upgrade to ...' button calling it. */
  onUpgrade?: (planId: number) => void
  /** The plan whose upgrade request is in flight. */
  upgradingPlanId?: number | null
  /** Amounts shown in the customer's display currency (USD when not given). */
  currency?: DisplayCurrency
}

export const NO_PLANS_MESSAGE = 'No plans available. Please try again later.'

/**
 * docs/product/data-model.md#account-plan: the first feature is an amount (in USD); a value that is not a number is
 * shown as given.
 */
function featureText(value: string | undefined, isAmount: boolean, currency: DisplayCurrency): string | null {
  if (value === undefined || value.trim() === '') return null
  const amountUsd = Number(value.replace(/,/g, ''))
  return isAmount && Number.isFinite(amountUsd) ? formatAmount(amountUsd, currency) : value
}

const cellClass = css({
  px: '3',
  py: '2.5',
  borderBottomWidth: '1px',
  borderColor: 'border.muted',
  textAlign: 'center',
  verticalAlign: 'middle',
  minW: '8.5rem',
  '&[data-recommended]': { bg: 'accent.subtle' },
})

// The first column stays put while the plans scroll sideways on a phone.
const rowHeaderClass = css({
  position: 'sticky',
  insetInlineStart: '0',
  zIndex: '1',
  bg: 'bg.overlay',
  px: '3',
  py: '2.5',
  borderBottomWidth: '1px',
  borderColor: 'border.muted',
  textAlign: 'left',
  fontWeight: 'normal',
  color: 'text.muted',
  minW: '8rem',
  maxW: '11rem',
})

const badgeClass = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  px: '2',
  py: '0.5',
  rounded: 'pill',
  fontSize: 'xs',
  fontWeight: 'semibold',
  whiteSpace: 'nowrap',
})

function PlanTable(props: Omit<PlansComparisonDialogProps, 'open' | 'onOpenChange'>) {
  const { plans, planFeatures, currentPlanId, onUpgrade } = props
  return (
    <div
      role="region"
      aria-label="Plan comparison"
      // A scrolling region must take focus so keyboard users can scroll it (WCAG 2.1.1).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className={css({
        overflowX: 'auto',
        mx: { base: '-5', md: '0' },
        px: { base: '5', md: '0' },
        rounded: 'control',
        focusVisibleRing: 'inside',
      })}
    >
      <table className={css({ w: 'full', borderCollapse: 'separate', borderSpacing: '0', fontSize: 'sm' })}>
        <caption className={visuallyHidden()}>Account plans compared feature by feature</caption>
        <thead>
          <tr>
            <th scope="col" className={cx(rowHeaderClass, css({ verticalAlign: 'bottom' }))}>
              <span className={visuallyHidden()}>Feature</span>
            </th>
            {plans.map((plan) => (
              <th
                key={plan.id}
                scope="col"
                data-recommended={plan.recommended ? '' : undefined}
                className={cx(cellClass, css({ borderTopWidth: '4px', borderTopRadius: 'control' }))}
                style={{ borderTopColor: plan.color }}
              >
                <span className={stack({ alignItems: 'center', gap: '1.5' })}>
                  <Text as="span" size="md" weight="bold">
                    {plan.title}
                  </Text>
                  {plan.recommended ? (
                    <span className={cx(badgeClass, css({ bg: 'accent.solid', color: 'accent.fg' }))}>
                      Recommended
                    </span>
                  ) : null}
                  {plan.id === currentPlanId ? (
                    <span className={cx(badgeClass, css({ bg: 'bg.raised', color: 'text.default' }))}>
                      <Check size={12} aria-hidden="true" />
                      Current plan
                    </span>
                  ) : null}
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {planFeatures.map((feature, index) => (
            <tr key={feature.id}>
              <th scope="row" className={rowHeaderClass}>
                {feature.title}
              </th>
              {plans.map((plan) => {
                const isAmount = feature.kind ? feature.kind === 'amount' : index === 0
                const text = featureText(plan.features[index], isAmount, props.currency ?? USD)
                return (
                  <td
                    key={plan.id}
                    data-recommended={plan.recommended ? '' : undefined}
                    className={cx(cellClass, css({ textStyle: 'numeric' }))}
                  >
                    {text ?? (
                      <>
                        <span aria-hidden="true">—</span>
                        <span className={visuallyHidden()}>Not listed</span>
                      </>
                    )}
                  </td>
                )
              })}
            </tr>
          ))}
        </tbody>
        {onUpgrade ? (
          <tfoot>
            <tr>
              <td className={rowHeaderClass} />
              {plans.map((plan) => (
                <td
                  key={plan.id}
                  data-recommended={plan.recommended ? '' : undefined}
                  className={cx(cellClass, css({ borderBottomWidth: '0' }))}
                >
                  {plan.id === currentPlanId ? (
                    <Text as="span" size="xs" tone="muted">
                      Your plan
                    </Text>
                  ) : (
                    <Button
                      size="sm"
                      variant={plan.recommended ? 'solid' : 'outline'}
                      loading={props.upgradingPlanId === plan.id}
                      loadingText="Sending..."
                      disabled={props.upgradingPlanId != null}
                      onClick={() => onUpgrade(plan.id)}
                    >
                      Upgrade to {plan.title}
                    </Button>
                  )}
                </td>
              ))}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  )
}

/** docs/product/marketplace.md#account-plans: the plans side by side on the rows of plan_features. */
export function PlansComparisonDialog({ open, onOpenChange, ...props }: PlansComparisonDialogProps) {
  return (
    <DialogFrame open={open} onOpenChange={onOpenChange} title="Account plans" size="lg">
      {props.plans.length === 0 ? <Text tone="muted">{NO_PLANS_MESSAGE}</Text> : <PlanTable {...props} />}
    </DialogFrame>
  )
}
