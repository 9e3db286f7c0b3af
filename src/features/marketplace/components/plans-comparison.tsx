import { useMemo } from 'react'
import { toast } from '../../../components/ui/toast'
import type { DisplayCurrency } from '../../../domain/format/currency'
import { useCatalog } from '../api/get-catalog'
import { useRequestPlanUpgrade } from '../api/request-plan-upgrade'
import { PlansComparisonDialog, type PlanColumn, type PlanFeatureRow } from './plans-comparison-dialog'

export interface PlansComparisonProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The customer's plan (user.account_type.id). */
  currentPlanId: number | null
  currency?: DisplayCurrency
}

/**
 * The account plans comparison (docs/product/marketplace.md#account-plans) fed by the catalogue, with an upgrade
 * request to another plan whose answer (sent, already pending, ...) is the server's own sentence.
 */
export function PlansComparison(props: PlansComparisonProps) {
  const catalog = useCatalog()
  const upgrade = useRequestPlanUpgrade()
  const plans = useMemo<PlanColumn[]>(
    () =>
      (catalog.data?.plans ?? []).map((plan) => ({
        id: plan.id,
        title: plan.title,
        color: plan.color,
        features: plan.features,
        recommended: plan.recommended,
      })),
    [catalog.data],
  )
  const planFeatures = useMemo<PlanFeatureRow[]>(() => catalog.data?.plan_features ?? [], [catalog.data])
  return (
    <PlansComparisonDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      plans={plans}
      planFeatures={planFeatures}
      currentPlanId={props.currentPlanId}
      currency={props.currency}
      upgradingPlanId={upgrade.isPending ? upgrade.variables : null}
      onUpgrade={(planId) =>
        upgrade.mutate(planId, {
          onSuccess: (message) => toast.success(message),
          onError: (error) => toast.error(error.message),
        })
      }
    />
  )
}
