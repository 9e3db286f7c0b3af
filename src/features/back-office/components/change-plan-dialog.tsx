import { useMemo, useState } from 'react'
import { grid, wrap } from 'styled-system/patterns'
import { AlertBox } from '../../../components/ui/alert-box'
import { Button } from '../../../components/ui/button'
import { DialogCancel, DialogFrame } from '../../../components/ui/dialog-frame'
import { Spinner } from '../../../components/ui/spinner'
import type { Plan } from '../../../domain/contract/catalog'
import { errorMessage } from '../../../lib/error-message'
import { useBusy } from './form-dialog'
import { OptionSelect } from '../../../components/ui/option-select'

// Move a client to another plan (PATCH { account_type_id }). The plan sets their leverage; the change is audited.

export interface ChangePlanDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  clientName: string
  currentPlanId: number | null
  plans: readonly Plan[] | undefined
  plansError: boolean
  onChangePlan: (planId: number) => Promise<unknown>
}

function PlanForm(props: Omit<ChangePlanDialogProps, 'open' | 'clientName'>) {
  const [planId, setPlanId] = useState<number | null>(props.currentPlanId)
  const [busy, track] = useBusy()
  const [error, setError] = useState<string | null>(null)
  const options = useMemo(
    () =>
      (props.plans ?? []).map((plan) => ({
        value: String(plan.id),
        label: `${plan.title} (1:${plan.leverage})`,
      })),
    [props.plans],
  )
  if (props.plansError) return <AlertBox variant="destructive" title="The plans could not be loaded." />
  if (!props.plans) return <Spinner label="Loading plans" />

  const unchanged = planId === null || planId === props.currentPlanId
  const save = async () => {
    if (planId === null) return
    setError(null)
    try {
      await track(() => props.onChangePlan(planId))
      props.onOpenChange(false)
    } catch (cause) {
      setError(errorMessage(cause))
    }
  }
  return (
    <div className={grid({ gap: '4' })}>
      <OptionSelect
        label="Plan"
        name="plan"
        options={options}
        placeholder="Choose a plan"
        value={planId === null ? null : String(planId)}
        onChange={(next) => setPlanId(Number(next))}
      />
      {error ? <AlertBox variant="destructive" title={error} /> : null}
      <div className={wrap({ justifyContent: 'flex-end', gap: '3' })}>
        <DialogCancel />
        <Button disabled={unchanged} loading={busy} loadingText="Saving..." onClick={() => void save()}>
          Save plan
        </Button>
      </div>
    </div>
  )
}

export function ChangePlanDialog(props: ChangePlanDialogProps) {
  return (
    <DialogFrame
      open={props.open}
      onOpenChange={props.onOpenChange}
      title="Change plan"
      description={`The plan sets ${props.clientName}'s leverage and what they can buy.`}
      size="sm"
    >
      <PlanForm
        onOpenChange={props.onOpenChange}
        currentPlanId={props.currentPlanId}
        plans={props.plans}
        plansError={props.plansError}
        onChangePlan={props.onChangePlan}
      />
    </DialogFrame>
  )
}
