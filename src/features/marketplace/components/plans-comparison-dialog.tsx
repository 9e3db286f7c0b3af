import { Check } from 'lucide-react'
import { Box, styled } from 'styled-system/jsx'
import { stack, visuallyHidden } from 'styled-system/patterns'
import { Badge } from '../../../components/ui/badge'
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

// A plan's cell: centred, ruled under, tinted in the recommended plan's column; its head carries the plan's stripe,
// a figure takes tabular digits, and the buttons' row has no rule.
const PlanCell = styled('td', {
  base: {
    px: '3',
    py: '2.5',
    borderBottomWidth: '1px',
    borderColor: 'border.muted',
    textAlign: 'center',
    verticalAlign: 'middle',
    minW: '8.5rem',
    '&[data-recommended]': { bg: 'accent.subtle' },
  },
  variants: {
    part: {
      head: { borderTopWidth: '4px', borderTopRadius: 'control' },
      figure: { textStyle: 'numeric' },
      foot: { borderBottomWidth: '0' },
    },
  },
})

// The feature's name: the first column, which stays put while the plans scroll sideways on a phone.
const FeatureCell = styled('th', {
  base: {
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
  },
  variants: { head: { true: { verticalAlign: 'bottom' } } },
})

function PlanTable(props: Omit<PlansComparisonDialogProps, 'open' | 'onOpenChange'>) {
  const { plans, planFeatures, currentPlanId, onUpgrade } = props
  return (
    <Box
      role="region"
      aria-label="Plan comparison"
      // A scrolling region must take focus so keyboard users can scroll it (WCAG 2.1.1).
      tabIndex={0}
      overflowX="auto"
      mx={{ base: '-5', md: '0' }}
      px={{ base: '5', md: '0' }}
      rounded="control"
      focusVisibleRing="inside"
    >
      <styled.table w="full" borderCollapse="separate" borderSpacing="0" fontSize="sm">
        <caption className={visuallyHidden()}>Account plans compared feature by feature</caption>
        <thead>
          <tr>
            <FeatureCell scope="col" head>
              <span className={visuallyHidden()}>Feature</span>
            </FeatureCell>
            {plans.map((plan) => (
              <PlanCell
                as="th"
                key={plan.id}
                scope="col"
                data-recommended={plan.recommended ? '' : undefined}
                part="head"
                style={{ borderTopColor: plan.color }}
              >
                <span className={stack({ alignItems: 'center', gap: '1.5' })}>
                  <Text as="span" size="md" weight="bold">
                    {plan.title}
                  </Text>
                  {plan.recommended ? (
                    <Badge kind="label" tone="solid">
                      Recommended
                    </Badge>
                  ) : null}
                  {plan.id === currentPlanId ? (
                    <Badge kind="label" tone="raised">
                      <Check size={12} aria-hidden="true" />
                      Current plan
                    </Badge>
                  ) : null}
                </span>
              </PlanCell>
            ))}
          </tr>
        </thead>
        <tbody>
          {planFeatures.map((feature, index) => (
            <tr key={feature.id}>
              <FeatureCell scope="row">{feature.title}</FeatureCell>
              {plans.map((plan) => {
                const isAmount = feature.kind ? feature.kind === 'amount' : index === 0
                const text = featureText(plan.features[index], isAmount, props.currency ?? USD)
                return (
                  <PlanCell key={plan.id} data-recommended={plan.recommended ? '' : undefined} part="figure">
                    {text ?? (
                      <>
                        <span aria-hidden="true">—</span>
                        <span className={visuallyHidden()}>Not listed</span>
                      </>
                    )}
                  </PlanCell>
                )
              })}
            </tr>
          ))}
        </tbody>
        {onUpgrade ? (
          <tfoot>
            <tr>
              <FeatureCell as="td" />
              {plans.map((plan) => (
                <PlanCell key={plan.id} data-recommended={plan.recommended ? '' : undefined} part="foot">
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
                </PlanCell>
              ))}
            </tr>
          </tfoot>
        ) : null}
      </styled.table>
    </Box>
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
