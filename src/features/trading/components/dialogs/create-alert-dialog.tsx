import { useState, type FormEvent } from 'react'
import { Text } from '../../../../components/ui/text'
import { grid } from 'styled-system/patterns'
import { Button } from '../../../../components/ui/button'
import * as Dialog from '../../../../components/ui/dialog'
import { DialogCancel, DialogFrame } from '../../../../components/ui/dialog-frame'
import { TextField } from '../../../../components/ui/input'
import { RadioGroup } from '../../../../components/ui/radio-group'
import { toast } from '../../../../components/ui/toast'
import type { Asset } from '../../../../domain/contract/assets'
import {
  MAX_ALERT_NOTE_LENGTH,
  type Alert,
  type AlertCondition,
} from '../../../../domain/contract/price-alerts'
import { TRADE_MESSAGES, TRADE_TOAST_MS } from '../../../../domain/trading/messages'
import {
  ALERT_CONDITION_OPTIONS,
  ALERT_FAILURES,
  ALERT_TOASTS,
  alertFieldOf,
  alertPreview,
  conditionText,
  createAlertRequest,
  type AlertFormErrors,
} from '../../../../domain/trading/price-alerts'
import { parseDecimal, PRICE_STEPS, priceText, stepPrice } from '../../../../domain/trading/profit-calculator'
import { errorMessage, fieldMessages } from '../../../../lib/error-message'
import { HttpError } from '../../../../lib/http'
import { useLiveAsset, type LivePriceStore } from '../../../../lib/live-prices'
import { useCreateAlert } from '../../api/alerts'
import { ExpiryField } from './expiry-field'
import { StepperField } from './stepper-field'

// A price alert (decision 0037): the bid of one asset rising to or falling to a price, with an optional note and
// expiry. The price starts at the bid when the dialog opens and moves with the pending order's stepper; whether the
// condition already holds is the server's to say, and its 422 shows under the field it names.

export interface CreateAlertDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The asset as listed; its live bid comes from `store`. Null shows the spec's notice. */
  asset: Asset | null
  store: LivePriceStore
  onCreated?: (alert: Alert) => void
}

/** The server's 422 messages on the dialog's fields; a message naming no field goes to the price. */
function serverFieldErrors(error: unknown): AlertFormErrors {
  if (!(error instanceof HttpError) || error.status !== 422) return {}
  const errors: AlertFormErrors = fieldMessages(error, alertFieldOf)
  if (Object.keys(errors).length === 0 && error.message) errors.price = error.message
  return errors
}

function CreateAlertForm(props: Omit<CreateAlertDialogProps, 'open' | 'asset'> & { asset: Asset }) {
  const { asset } = props
  const bidQuote = useLiveAsset(props.store, asset.asset_id)?.asset.sell_price ?? asset.sell_price
  const [condition, setCondition] = useState<AlertCondition>('above')
  // Pre-filled with the bid as the dialog opens; later ticks move the preview, never what the customer typed.
  const [price, setPrice] = useState(() => priceText(bidQuote))
  const [note, setNote] = useState('')
  const [expiry, setExpiry] = useState('')
  const [errors, setErrors] = useState<AlertFormErrors>({})
  const create = useCreateAlert()

  const nudge = (direction: 1 | -1) => {
    const from = parseDecimal(price) ?? bidQuote
    setPrice(priceText(stepPrice(from, PRICE_STEPS.PENDING, direction)))
    setErrors((current) => ({ ...current, price: undefined }))
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (create.isPending) return
    const checked = createAlertRequest(asset, { condition, price, note, expiry })
    if (!checked.ok) {
      setErrors(checked.errors)
      return
    }
    setErrors({})
    create.mutate(checked.payload, {
      onSuccess: (alert) => {
        toast.success(ALERT_TOASTS.CREATED, {
          description: `${asset.symbol_display} · ${conditionText(condition, checked.payload.price)}`,
          duration: TRADE_TOAST_MS.SUCCESS,
        })
        props.onCreated?.(alert)
        props.onOpenChange(false)
      },
      onError: (error) => {
        // A refusal keeps the dialog open with the server's sentence under the field it names.
        const fieldErrors = serverFieldErrors(error)
        setErrors(fieldErrors)
        if (Object.keys(fieldErrors).length === 0) {
          toast.error(ALERT_FAILURES.CREATE, {
            description: errorMessage(error),
            duration: TRADE_TOAST_MS.ERROR,
          })
        }
      },
    })
  }

  return (
    <form noValidate onSubmit={submit} className={grid({ gap: '4' })}>
      <RadioGroup
        label="Condition"
        value={condition}
        onValueChange={(details) => {
          if (details.value === 'above' || details.value === 'below') setCondition(details.value)
          setErrors((current) => ({ ...current, price: undefined }))
        }}
        options={ALERT_CONDITION_OPTIONS}
      />
      <StepperField
        label="Price"
        error={errors.price}
        helperText={alertPreview(condition, parseDecimal(price), bidQuote)}
        decrementLabel="Decrease by 0.00001"
        incrementLabel="Increase by 0.00001"
        value={price}
        onChange={(event) => {
          setPrice(event.target.value)
          setErrors((current) => ({ ...current, price: undefined }))
        }}
        onStep={nudge}
      />
      <TextField
        label="Note (optional)"
        autoComplete="off"
        maxLength={MAX_ALERT_NOTE_LENGTH}
        value={note}
        error={errors.note}
        onChange={(event) => setNote(event.target.value)}
      />
      <ExpiryField value={expiry} onChange={setExpiry} error={errors.expiry} />
      <Dialog.Footer>
        <DialogCancel />
        <Button type="submit" loading={create.isPending} loadingText="Creating...">
          Create alert
        </Button>
      </Dialog.Footer>
    </form>
  )
}

/** 'Create alert' from the chart header or a market watch row's menu. */
export function CreateAlertDialog({ open, asset, ...props }: CreateAlertDialogProps) {
  return (
    <DialogFrame
      open={open}
      onOpenChange={props.onOpenChange}
      title="Create alert"
      description={asset ? `${asset.name} (${asset.symbol_display})` : undefined}
      size="sm"
    >
      {asset ? (
        <CreateAlertForm key={asset.asset_id} asset={asset} {...props} />
      ) : (
        <Text tone="muted">{TRADE_MESSAGES.NO_ASSET}</Text>
      )}
    </DialogFrame>
  )
}
