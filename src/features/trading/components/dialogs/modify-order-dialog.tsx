import { useState, type FormEvent } from 'react'
import { grid } from 'styled-system/patterns'
import { AlertBox } from '../../../../components/ui/alert-box'
import { Button } from '../../../../components/ui/button'
import * as Dialog from '../../../../components/ui/dialog'
import { DialogCancel, DialogFrame } from '../../../../components/ui/dialog-frame'
import { TextField } from '../../../../components/ui/input'
import { toast } from '../../../../components/ui/toast'
import { ORDER_MESSAGES, type Order } from '../../../../domain/contract/orders'
import { TRADE_TOAST_MS } from '../../../../domain/trading/messages'
import {
  formFieldOf,
  orderChanges,
  orderForm,
  orderKindLabel,
  priceStepFor,
  type OrderForm,
  type OrderFormField,
} from '../../../../domain/trading/pending-orders'
import { parseDecimal, stepPrice } from '../../../../domain/trading/profit-calculator'
import { stepDown, stepUp, VOLUME_UNITS } from '../../../../domain/trading/volume'
import { errorMessage, fieldMessages } from '../../../../lib/error-message'
import { useModifyOrder } from '../../api/orders'
import { ExpiryField } from './expiry-field'
import { StepperField } from './stepper-field'

// Changing a pending order (decision 0034): its price, volume, levels and expiry. Only what the customer changed is
// sent (PATCH /orders/{id}); the server checks the order as it would stand, and its 422 messages land under the
// fields they name, its sentence above the buttons.

export interface ModifyOrderDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The order as listed; null shows nothing to change. */
  order: Order | null
  /** The asset's contract size: a volume in lots is sent in units. */
  contractSize: number
}

type Errors = Partial<Record<OrderFormField, string>>

function ModifyOrderForm(props: Omit<ModifyOrderDialogProps, 'open' | 'order'> & { order: Order }) {
  const { order } = props
  const [form, setForm] = useState<OrderForm>(() => orderForm(order))
  const [errors, setErrors] = useState<Errors>({})
  const [failure, setFailure] = useState<string | null>(null)
  const modify = useModifyOrder()
  const priceStep = priceStepFor(order.price)
  const volumeContext = { contractSize: props.contractSize, rateQuote: order.price }

  const set = (field: OrderFormField) => (value: string) =>
    setForm((current) => ({ ...current, [field]: value }))

  const stepPriceBy = (direction: 1 | -1) => {
    const from = parseDecimal(form.price) ?? order.price
    set('price')(String(stepPrice(from, priceStep, direction)))
  }
  const stepVolume = (direction: 1 | -1) => {
    const from = parseDecimal(form.volume) ?? order.qty
    const next =
      direction === 1
        ? stepUp(from, VOLUME_UNITS.LOTS, volumeContext)
        : stepDown(from, VOLUME_UNITS.LOTS, volumeContext)
    set('volume')(next.toFixed(2))
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (modify.isPending) return
    const checked = orderChanges(order, form, props.contractSize)
    if (!checked.ok) {
      setErrors(checked.errors)
      setFailure(checked.message ?? null)
      return
    }
    setErrors({})
    setFailure(null)
    modify.mutate(
      { orderId: order.id, changes: checked.changes },
      {
        onSuccess: () => {
          toast.success(ORDER_MESSAGES.MODIFIED, { duration: TRADE_TOAST_MS.SUCCESS })
          props.onOpenChange(false)
        },
        onError: (error) => {
          setErrors(fieldMessages(error, formFieldOf))
          setFailure(errorMessage(error))
        },
      },
    )
  }

  return (
    <form noValidate onSubmit={submit} className={grid({ gap: '4' })}>
      <StepperField
        label="Price"
        error={errors.price}
        decrementLabel={`Lower by ${priceStep}`}
        incrementLabel={`Raise by ${priceStep}`}
        value={form.price}
        onChange={(event) => set('price')(event.target.value)}
        onStep={stepPriceBy}
      />
      <StepperField
        label="Volume (lots)"
        error={errors.volume}
        decrementLabel="Decrease by 0.01 lot"
        incrementLabel="Increase by 0.01 lot"
        value={form.volume}
        onChange={(event) => set('volume')(event.target.value)}
        onStep={stepVolume}
      />
      <div className={grid({ gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '4' })}>
        <TextField
          label="Take profit"
          helperText="Empty: none"
          inputMode="decimal"
          autoComplete="off"
          value={form.takeProfit}
          error={errors.takeProfit}
          onChange={(event) => set('takeProfit')(event.target.value)}
        />
        <TextField
          label="Stop loss"
          helperText="Empty: none"
          inputMode="decimal"
          autoComplete="off"
          value={form.stopLoss}
          error={errors.stopLoss}
          onChange={(event) => set('stopLoss')(event.target.value)}
        />
      </div>
      <TextField
        label="Trailing stop"
        helperText="A distance in price units, once the order fills; empty: none"
        inputMode="decimal"
        autoComplete="off"
        value={form.trailingStop}
        error={errors.trailingStop}
        onChange={(event) => set('trailingStop')(event.target.value)}
      />
      <ExpiryField value={form.expiry} onChange={set('expiry')} error={errors.expiry} />
      {failure ? <AlertBox variant="destructive" description={failure} /> : null}
      <Dialog.Footer>
        <DialogCancel />
        <Button type="submit" loading={modify.isPending} loadingText="Saving...">
          Save
        </Button>
      </Dialog.Footer>
    </form>
  )
}

export function ModifyOrderDialog({ open, order, ...props }: ModifyOrderDialogProps) {
  return (
    <DialogFrame
      open={open}
      onOpenChange={props.onOpenChange}
      title="Modify order"
      description={
        order
          ? `${order.asset_symbol} · ${orderKindLabel(order.trade_type, order.order_type)} · ${order.order_id}`
          : undefined
      }
      size="sm"
    >
      {order ? <ModifyOrderForm key={order.id} order={order} {...props} /> : null}
    </DialogFrame>
  )
}
