import { useRef, useState, type FormEvent } from 'react'
import { Box } from 'styled-system/jsx'
import { Text } from '../../../../components/ui/text'
import { grid } from 'styled-system/patterns'
import { Button } from '../../../../components/ui/button'
import * as Dialog from '../../../../components/ui/dialog'
import { DialogCancel, DialogFrame } from '../../../../components/ui/dialog-frame'
import { TextField } from '../../../../components/ui/input'
import { toast } from '../../../../components/ui/toast'
import type { Asset } from '../../../../domain/contract/assets'
import { ORDER_MESSAGES, type Order } from '../../../../domain/contract/orders'
import type { Trade, TradeSide } from '../../../../domain/contract/trades'
import { openingPriceQuote } from '../../../../domain/trading/account-maths'
import {
  levelOrZero,
  marketOrderRequest,
  placedTradeDescription,
} from '../../../../domain/trading/market-order'
import { TRADE_MESSAGES, TRADE_TOAST_MS } from '../../../../domain/trading/messages'
import {
  formFieldOf,
  lotsOf,
  ORDER_FAILURES,
  orderAtPrice,
  placeOrderRequest,
  type PendingFormField,
} from '../../../../domain/trading/pending-orders'
import { parseDecimal, PRICE_STEPS, priceText, stepPrice } from '../../../../domain/trading/profit-calculator'
import { errorMessage, fieldMessages, newIdempotencyKey } from '../../../../lib/error-message'
import { HttpError } from '../../../../lib/http'
import { usePlaceOrder } from '../../api/orders'
import { useStoreTrade } from '../../api/store-trade'
import { ExpiryField } from './expiry-field'
import { SideChoice } from './side-choice'
import { StepperField } from './stepper-field'

// docs/product/orders-and-alerts.md#pending-orders, sent (decision 0034): at 'Current' it places a market order as
// the ticket does; at a price it places a limit or a stop, whichever that price makes against the live market, which
// the dialog says before the customer saves. The trade form's take-profit and stop-loss go with either.

export interface PendingOrderDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The active asset at its live prices. Null shows the spec's notice. */
  asset: Asset | null
  side: TradeSide
  onSideChange: (side: TradeSide) => void
  /** For a market order at 'Current' (POST /trades/store carries it). */
  leverage: number
  /**
   * The trade form's TP and SL (loose text, docs/product/orders-and-alerts.md#take-profit-and-stop-loss): sent when
   * set.
   */
  takeProfit: string
  stopLoss: string
  /** A market order opened a position. */
  onMarketPlaced?: (trade: Trade) => void
  /** A pending order was placed. */
  onOrderPlaced?: (order: Order) => void
}

const MARKET_PRICE_TEXT = 'Current'

type Errors = Partial<Record<PendingFormField, string>>

/** The dialog's field a server field name stands for: the server's 422 messages go on these. */
function dialogFieldOf(serverName: string): PendingFormField | null {
  const field = formFieldOf(serverName)
  return field === 'price' || field === 'volume' || field === 'expiry' ? field : null
}

function PendingOrderForm(props: Omit<PendingOrderDialogProps, 'open' | 'asset'> & { asset: Asset }) {
  const { asset, side } = props
  // null: at market. docs/product/trading-workspace.md#assets-and-live-prices: the price starts as Current, becomes
  // numeric on a nudge and can revert to market.
  const [price, setPrice] = useState<string | null>(null)
  const [volume, setVolume] = useState('0.01')
  const [expiry, setExpiry] = useState('')
  const [errors, setErrors] = useState<Errors>({})
  const priceInput = useRef<HTMLInputElement>(null)
  // One key per submit, made again after each settled attempt; a retry inside one attempt reuses it.
  const attemptKey = useRef(newIdempotencyKey())
  const placeOrder = usePlaceOrder()
  const storeTrade = useStoreTrade()
  const busy = placeOrder.isPending || storeTrade.isPending

  const nudge = (direction: 1 | -1) => {
    const from = (price === null ? null : parseDecimal(price)) ?? openingPriceQuote(side, asset)
    setPrice(priceText(stepPrice(from, PRICE_STEPS.PENDING, direction)))
  }

  const revertToMarket = () => {
    setPrice(null)
    setErrors((current) => ({ ...current, price: undefined }))
    // The Market button disables itself; keep the focus on the field it changed rather than lose it.
    priceInput.current?.focus()
  }

  const settled = () => {
    attemptKey.current = newIdempotencyKey()
  }

  const placeAtMarket = () => {
    const lots = lotsOf(volume)
    if (!lots.ok) {
      setErrors({ volume: lots.message })
      return
    }
    setErrors({})
    const payload = marketOrderRequest({
      side,
      asset,
      volumeLots: lots.lots,
      leverage: props.leverage,
      takeProfit: props.takeProfit,
      stopLoss: props.stopLoss,
    })
    storeTrade.mutate(
      { payload, idempotencyKey: attemptKey.current },
      {
        onSuccess: (trade) => {
          toast.success(side === 'buy' ? TRADE_MESSAGES.BUY_PLACED : TRADE_MESSAGES.SELL_PLACED, {
            description: placedTradeDescription(trade),
            duration: TRADE_TOAST_MS.SUCCESS,
          })
          props.onMarketPlaced?.(trade)
          props.onOpenChange(false)
        },
        onError: (error) => {
          const serverMessage = error instanceof HttpError && error.status > 0 ? error.message : null
          toast.error(TRADE_MESSAGES.EXECUTE_FAILED, {
            description: serverMessage ?? TRADE_MESSAGES.EXECUTE_FAILED_DESCRIPTION,
            duration: TRADE_TOAST_MS.ERROR,
          })
        },
        onSettled: settled,
      },
    )
  }

  const placeAtPrice = (priceText: string) => {
    const checked = placeOrderRequest({
      side,
      asset,
      form: { price: priceText, volume, expiry },
      takeProfit: levelOrZero(props.takeProfit),
      stopLoss: levelOrZero(props.stopLoss),
    })
    if (!checked.ok) {
      setErrors(checked.errors)
      return
    }
    setErrors({})
    placeOrder.mutate(
      { payload: checked.payload, idempotencyKey: attemptKey.current },
      {
        onSuccess: (order) => {
          toast.success(ORDER_MESSAGES.PLACED, { duration: TRADE_TOAST_MS.SUCCESS })
          props.onOrderPlaced?.(order)
          props.onOpenChange(false)
        },
        onError: (error) => {
          // A refusal keeps the dialog open, its messages under the fields they name.
          setErrors(fieldMessages(error, dialogFieldOf))
          toast.error(ORDER_FAILURES.PLACE, {
            description: errorMessage(error),
            duration: TRADE_TOAST_MS.ERROR,
          })
        },
        onSettled: settled,
      },
    )
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    if (price === null) placeAtMarket()
    else placeAtPrice(price)
  }

  const priceValue = price === null ? null : parseDecimal(price)
  const typeLine = priceValue !== null && priceValue > 0 ? orderAtPrice(side, priceValue, asset) : null
  const takeProfit = levelOrZero(props.takeProfit)
  const stopLoss = levelOrZero(props.stopLoss)

  return (
    <form noValidate onSubmit={submit} className={grid({ gap: '4' })}>
      <SideChoice side={side} onChange={props.onSideChange} />
      <StepperField
        ref={priceInput}
        label="Price"
        helperText={price === null ? 'At market: the current price when placed.' : undefined}
        error={errors.price}
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
      {/* What the price makes against the live market, said before the customer saves. */}
      <Box
        as="p"
        role="status"
        data-testid="pending-order-type"
        fontSize="sm"
        color={typeLine?.type ? 'text' : 'text.muted'}
        minH="1lh"
      >
        {price === null ? 'Market order: opens now at the current price.' : (typeLine?.text ?? '')}
      </Box>
      <TextField
        label="Volume"
        helperText="In lots"
        inputMode="decimal"
        autoComplete="off"
        value={volume}
        error={errors.volume}
        onChange={(event) => setVolume(event.target.value)}
      />
      {price === null ? null : <ExpiryField value={expiry} onChange={setExpiry} error={errors.expiry} />}
      {takeProfit > 0 || stopLoss > 0 ? (
        <Text tone="muted" size="xs" data-testid="pending-order-levels">
          From the trade form: take profit {takeProfit > 0 ? takeProfit : '—'} · stop loss{' '}
          {stopLoss > 0 ? stopLoss : '—'}
        </Text>
      ) : null}
      <Dialog.Footer>
        <DialogCancel />
        <Button type="submit" loading={busy} loadingText="Placing...">
          Save
        </Button>
      </Dialog.Footer>
    </form>
  )
}

/**
 * docs/product/orders-and-alerts.md#pending-orders: a market order at 'Current', a limit or stop order at a price.
 */
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
        <PendingOrderForm key={asset.asset_id} asset={asset} {...props} />
      ) : (
        <Text tone="muted">{TRADE_MESSAGES.NO_ASSET}</Text>
      )}
    </DialogFrame>
  )
}
