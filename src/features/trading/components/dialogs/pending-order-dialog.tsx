import { useRef, useState, type FormEvent } from 'react'
import { css } from 'styled-system/css'
import { AlertBox } from '../../../../components/ui/alert-box'
import { Button } from '../../../../components/ui/button'
import * as Dialog from '../../../../components/ui/dialog'
import { TextField } from '../../../../components/ui/input'
import type { Asset } from '../../../../domain/contract/assets'
import type { TradeSide } from '../../../../domain/contract/trades'
import { openingPriceQuote } from '../../../../domain/trading/account-maths'
import { parseDecimal, PRICE_STEPS, priceText, stepPrice } from '../../../../domain/trading/profit-calculator'
import { DialogFrame } from '../../../../components/ui/dialog-frame'
import { StepperField } from './stepper-field'
import { TRADE_MESSAGES } from '../../../../domain/trading/messages'

export interface PendingOrderValues {
  side: TradeSide
  /** The price as typed or stepped; null means at market (the field shows 'Current'). */
  price: string | null
  /** Lots, as typed (spec 5: loose strings, no rules). */
  volume: string
}

export interface PendingOrderDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Its current price is where the first nudge starts. Null shows the spec's notice. */
  asset: Asset | null
  side: TradeSide
  /** Called with the values on Save, before the dialog closes itself. Nothing is sent anywhere (spec 4). */
  onSubmit?: (values: PendingOrderValues) => void
}

export const PENDING_ORDER_NOTICE = 'Pending orders are not sent yet: this records your intended price only.'
const MARKET_PRICE_TEXT = 'Current'

function PendingOrderForm(props: Omit<PendingOrderDialogProps, 'open' | 'asset'> & { asset: Asset }) {
  const { asset, side } = props
  // null: at market. Spec 4: the price starts as Current, becomes numeric on a nudge and can revert to market.
  const [price, setPrice] = useState<string | null>(null)
  const [volume, setVolume] = useState('0.01')
  const priceInput = useRef<HTMLInputElement>(null)

  const nudge = (direction: 1 | -1) => {
    const from = (price === null ? null : parseDecimal(price)) ?? openingPriceQuote(side, asset)
    setPrice(priceText(stepPrice(from, PRICE_STEPS.PENDING, direction)))
  }

  const revertToMarket = () => {
    setPrice(null)
    // The Market button disables itself; keep the focus on the field it changed rather than lose it.
    priceInput.current?.focus()
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    props.onSubmit?.({ side, price, volume })
    props.onOpenChange(false)
  }

  return (
    <form noValidate onSubmit={submit} className={css({ display: 'grid', gap: '4' })}>
      <AlertBox description={PENDING_ORDER_NOTICE} />
      <StepperField
        ref={priceInput}
        label="Price"
        helperText={price === null ? 'At market: the current price when placed.' : 'Your intended price.'}
        decrementLabel="Decrease by 0.00001"
        incrementLabel="Increase by 0.00001"
        value={price ?? MARKET_PRICE_TEXT}
        readOnly={price === null}
        onChange={(event) => setPrice(event.target.value)}
        onStep={nudge}
        trailing={
          <Button variant="outline" disabled={price === null} onClick={revertToMarket}>
            Market
          </Button>
        }
      />
      <TextField
        label="Volume"
        helperText="In lots"
        inputMode="decimal"
        autoComplete="off"
        value={volume}
        onChange={(event) => setVolume(event.target.value)}
      />
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

/** Spec 2.7 and 4 "pending order": gathers a price and a volume; it sends nothing and says so. */
export function PendingOrderDialog({ open, asset, ...props }: PendingOrderDialogProps) {
  return (
    <DialogFrame
      open={open}
      onOpenChange={props.onOpenChange}
      title={`Pending ${props.side} order`}
      description={asset ? `${asset.name} (${asset.symbol_display})` : undefined}
      size="sm"
    >
      {asset ? (
        <PendingOrderForm key={`${asset.asset_id}-${props.side}`} asset={asset} {...props} />
      ) : (
        <p className={css({ color: 'text.muted' })}>{TRADE_MESSAGES.NO_ASSET}</p>
      )}
    </DialogFrame>
  )
}
