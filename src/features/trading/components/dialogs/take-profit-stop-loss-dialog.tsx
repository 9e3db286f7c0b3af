import { useState, type FormEvent } from 'react'
import { css } from 'styled-system/css'
import { Button } from '../../../../components/ui/button'
import * as Dialog from '../../../../components/ui/dialog'
import { parseDecimal, PRICE_STEPS, priceText, stepPrice } from '../../../../domain/trading/profit-calculator'
import { DialogFrame } from '../../../../components/ui/dialog-frame'
import { StepperField } from './stepper-field'

export interface TakeProfitStopLossValues {
  takeProfit: string
  stopLoss: string
}

export interface TakeProfitStopLossDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The text each field opens with (the trade form's current values; '' when unset). */
  initialTakeProfit: string
  initialStopLoss: string
  /** Where a stepper starts when its field holds no number yet, e.g. the current price. Else 0. */
  referencePriceQuote?: number
  /** Save: the fields as typed (spec 5: loose strings, no rules). The dialog closes itself afterwards. */
  onSave: (values: TakeProfitStopLossValues) => void
}

function LevelsForm(props: Omit<TakeProfitStopLossDialogProps, 'open'>) {
  const [takeProfit, setTakeProfit] = useState(props.initialTakeProfit)
  const [stopLoss, setStopLoss] = useState(props.initialStopLoss)

  const stepped = (text: string, direction: 1 | -1) =>
    priceText(
      stepPrice(
        parseDecimal(text) ?? props.referencePriceQuote ?? 0,
        PRICE_STEPS.TAKE_PROFIT_STOP_LOSS,
        direction,
      ),
    )

  const submit = (event: FormEvent) => {
    event.preventDefault()
    props.onSave({ takeProfit, stopLoss })
    props.onOpenChange(false)
  }

  return (
    <form noValidate onSubmit={submit} className={css({ display: 'grid', gap: '4' })}>
      <StepperField
        label="Take profit"
        placeholder="Not set"
        decrementLabel="Decrease TP by 0.01"
        incrementLabel="Increase TP by 0.01"
        value={takeProfit}
        onChange={(event) => setTakeProfit(event.target.value)}
        onStep={(direction) => setTakeProfit((text) => stepped(text, direction))}
      />
      <StepperField
        label="Stop loss"
        placeholder="Not set"
        decrementLabel="Decrease SL by 0.01"
        incrementLabel="Increase SL by 0.01"
        value={stopLoss}
        onChange={(event) => setStopLoss(event.target.value)}
        onStep={(direction) => setStopLoss((text) => stepped(text, direction))}
      />
      <p className={css({ fontSize: 'sm', color: 'text.muted' })}>
        Leave a field empty to place the order without it.
      </p>
      <div
        className={css({
          display: 'flex',
          flexDirection: { base: 'column-reverse', md: 'row' },
          justifyContent: 'flex-end',
          gap: '3',
        })}
      >
        <Dialog.CloseTrigger asChild>
          <Button variant="outline">Cancel</Button>
        </Dialog.CloseTrigger>
        <Button type="submit">Save</Button>
      </div>
    </form>
  )
}

/** Spec 2.7 "TP and SL": sets the trade form's take profit and stop loss before the order is placed. */
export function TakeProfitStopLossDialog({ open, ...props }: TakeProfitStopLossDialogProps) {
  return (
    <DialogFrame open={open} onOpenChange={props.onOpenChange} title="Take profit and stop loss" size="sm">
      <LevelsForm {...props} />
    </DialogFrame>
  )
}
