import { Minus, Plus } from 'lucide-react'
import { useId, useRef, useState, type FormEvent } from 'react'
import { css } from 'styled-system/css'
import { grid } from 'styled-system/patterns'
import { text as textRecipe } from 'styled-system/recipes'
import { Box, Flex, VisuallyHidden } from 'styled-system/jsx'
import { Button } from '../../../components/ui/button'
import { SegmentGroup } from '../../../components/ui/segment-group'
import { toast } from '../../../components/ui/toast'
import type { Asset } from '../../../domain/contract/assets'
import type { Trade, TradeSide } from '../../../domain/contract/trades'
import { formatAmount, type DisplayCurrency } from '../../../domain/format/currency'
import { formatPrice, PRICE_DECIMALS } from '../../../domain/format/numbers'
import { openingPriceQuote, tradeFormMarginUsd } from '../../../domain/trading/account-maths'
import {
  lotsText,
  marketOrderRequest,
  placedTradeDescription,
  unitsText,
} from '../../../domain/trading/market-order'
import { TRADE_MESSAGES, TRADE_TOAST_MS } from '../../../domain/trading/messages'
import {
  checkVolumeLots,
  convertVolume,
  DEFAULT_VOLUME_LOTS,
  fromLots,
  parseVolumeText,
  sanitizeVolumeInput,
  stepDown,
  stepUp,
  toLots,
  VOLUME_UNITS,
  volumeDecimals,
  type VolumeContext,
  type VolumeUnit,
} from '../../../domain/trading/volume'
import { HttpError } from '../../../lib/http'
import { newIdempotencyKey } from '../../../lib/error-message'
import { useStoreTrade } from '../api/store-trade'
import { useLiveAccountSummary } from '../hooks/use-live-pnl'

// The Buy or Sell order ticket (docs/product/orders-and-alerts.md#order-ticket and #volume-and-limits): volume in
// lots, units or currency with conversion between them, steppers whose minimum is one step, digits-only typing, the
// margin it needs (red above the free margin, but the server is the one that refuses), and a busy state while the
// order is in flight. The server prices the order; the price shown here is what the customer saw when they pressed
// the button.

const figureLabel = textRecipe({ tone: 'muted' })
const figure = textRecipe({ numeric: true })

const UNIT_LABELS: Record<VolumeUnit, string> = { lots: 'Lots', units: 'Units', currency: 'USD' }
const UNIT_OPTIONS = (Object.values(VOLUME_UNITS) as VolumeUnit[]).map((value) => ({
  value,
  label: UNIT_LABELS[value],
}))

export interface TradeTicketProps {
  side: TradeSide
  asset: Asset | null
  leverage: number
  currency: DisplayCurrency
  /**
   * The TP and SL set for the next order (loose strings,
   * docs/product/orders-and-alerts.md#take-profit-and-stop-loss), and how to change them.
   */
  takeProfit: string
  stopLoss: string
  onEditTakeProfitStopLoss: () => void
  onPlaced?: (trade: Trade) => void
}

export function TradeTicket(props: TradeTicketProps) {
  const { asset, side } = props
  const formId = useId()
  const storeTrade = useStoreTrade()
  const freeMarginUsd = useLiveAccountSummary().freeMargin
  const [unit, setUnit] = useState<VolumeUnit>(VOLUME_UNITS.LOTS)
  const [text, setText] = useState(String(DEFAULT_VOLUME_LOTS))
  // docs/product/orders-and-alerts.md#order-ticket: the id is regenerated after each attempt; a retry inside one
  // attempt reuses it (store-trade.ts).
  const attemptKey = useRef(newIdempotencyKey())

  const ctx: VolumeContext | null = asset
    ? { contractSize: asset.contract_size, rateQuote: asset.rate }
    : null
  const value = parseVolumeText(text)
  const volumeLots = ctx && Number.isFinite(value) ? toLots(value, unit, ctx) : Number.NaN
  const check = checkVolumeLots(volumeLots)
  const volumeUnits = asset && check.ok ? check.volumeLots * asset.contract_size : 0
  const priceQuote = asset ? openingPriceQuote(side, asset) : 0
  const marginUsd =
    asset && check.ok
      ? tradeFormMarginUsd(check.volumeLots, asset.contract_size, asset.rate, props.leverage)
      : 0
  const marginAboveFree = marginUsd > freeMarginUsd

  const changeUnit = (next: VolumeUnit) => {
    if (!ctx || next === unit) return
    const converted = Number.isFinite(value)
      ? convertVolume(value, unit, next, ctx)
      : fromLots(DEFAULT_VOLUME_LOTS, next, ctx)
    setUnit(next)
    setText(String(Number(converted.toFixed(volumeDecimals(next, ctx)))))
  }
  const step = (direction: 1 | -1) => {
    if (!ctx) return
    const current = Number.isFinite(value) ? value : 0
    const next = direction === 1 ? stepUp(current, unit, ctx) : stepDown(current, unit, ctx)
    setText(String(next))
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!asset) {
      toast.error(TRADE_MESSAGES.NO_ASSET, { duration: TRADE_TOAST_MS.ERROR })
      return
    }
    if (!check.ok) {
      toast.error(TRADE_MESSAGES.EXECUTE_FAILED, {
        description: check.message,
        duration: TRADE_TOAST_MS.ERROR,
      })
      return
    }
    const payload = marketOrderRequest({
      side,
      asset,
      volumeLots: check.volumeLots,
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
          props.onPlaced?.(trade)
        },
        onError: (error) => {
          const serverMessage = error instanceof HttpError && error.status > 0 ? error.message : null
          toast.error(TRADE_MESSAGES.EXECUTE_FAILED, {
            description: serverMessage ?? TRADE_MESSAGES.EXECUTE_FAILED_DESCRIPTION,
            duration: TRADE_TOAST_MS.ERROR,
          })
        },
        onSettled: () => {
          attemptKey.current = newIdempotencyKey()
        },
      },
    )
  }

  const sideLabel = side === 'buy' ? 'Buy' : 'Sell'
  const volumeId = `${formId}-volume`
  return (
    // One column no wider than the form: a long price or the unit buttons used to widen it past the popover's edge.
    <form
      onSubmit={submit}
      className={grid({ gap: '3', gridTemplateColumns: 'minmax(0, 1fr)', w: { base: '100%', md: '19rem' } })}
    >
      <SegmentGroup
        label="Volume unit"
        hideLabel
        variant="outline"
        size="xs"
        fitted
        options={UNIT_OPTIONS}
        value={unit}
        onValueChange={(details) => {
          const next = UNIT_OPTIONS.find((option) => option.value === details.value)
          if (next) changeUnit(next.value)
        }}
      />
      <div>
        <label htmlFor={volumeId} className={textRecipe({ size: 'xs', tone: 'muted' })}>
          Volume ({UNIT_LABELS[unit].toLowerCase()})
        </label>
        <Flex gap="1" mt="1">
          <Button size="sm" variant="outline" iconOnly aria-label="Decrease volume" onClick={() => step(-1)}>
            <Minus aria-hidden />
          </Button>
          <input
            id={volumeId}
            inputMode="decimal"
            autoComplete="off"
            value={text}
            onChange={(event) => setText(sanitizeVolumeInput(event.target.value, text))}
            aria-invalid={!check.ok || undefined}
            aria-describedby={`${formId}-volume-help`}
            className={css({
              flex: '1',
              minW: '0',
              h: '8',
              px: '2',
              textAlign: 'center',
              textStyle: 'price',
              bg: 'bg.app',
              borderWidth: '1px',
              borderColor: 'border.control',
              rounded: 'control',
              _focusVisible: { focusVisibleRing: 'outside' },
              _invalid: { borderColor: 'danger' },
            })}
          />
          <Button size="sm" variant="outline" iconOnly aria-label="Increase volume" onClick={() => step(1)}>
            <Plus aria-hidden />
          </Button>
        </Flex>
        <Box
          as="p"
          id={`${formId}-volume-help`}
          fontSize="xs"
          color={check.ok ? 'text.muted' : 'danger'}
          mt="1"
        >
          {check.ok ? `${lotsText(check.volumeLots)} · ${unitsText(volumeUnits)}` : check.message}
        </Box>
      </div>
      <dl
        className={grid({
          gridTemplateColumns: '1fr auto',
          gap: '1',
          fontSize: 'sm',
          '& dd': { textAlign: 'end' },
        })}
      >
        <dt className={figureLabel}>Price</dt>
        <dd className={figure} data-testid="ticket-price">
          {asset ? formatPrice(priceQuote) : '—'}
        </dd>
        <dt className={figureLabel}>Leverage</dt>
        <dd className={figure}>1:{props.leverage}</dd>
        <dt className={figureLabel}>Margin</dt>
        <dd
          className={
            marginAboveFree ? textRecipe({ numeric: true, tone: 'loss', weight: 'semibold' }) : figure
          }
          data-testid="ticket-margin"
          data-above-free-margin={marginAboveFree || undefined}
        >
          {formatAmount(marginUsd, props.currency)}
          {marginAboveFree ? <VisuallyHidden as="span"> (more than your free margin)</VisuallyHidden> : null}
        </dd>
        <dt className={figureLabel}>Free margin</dt>
        <dd className={figure}>{formatAmount(freeMarginUsd, props.currency)}</dd>
      </dl>
      <Button size="sm" variant="outline" onClick={props.onEditTakeProfitStopLoss}>
        TP {props.takeProfit.trim() || '—'} · SL {props.stopLoss.trim() || '—'}
      </Button>
      <Button
        type="submit"
        variant={side === 'buy' ? 'gain' : 'loss'}
        loading={storeTrade.isPending}
        loadingText={`Placing ${sideLabel.toLowerCase()} order...`}
      >
        {sideLabel} {asset ? formatPrice(priceQuote, PRICE_DECIMALS.TRADE_BUTTON) : ''}
      </Button>
    </form>
  )
}
