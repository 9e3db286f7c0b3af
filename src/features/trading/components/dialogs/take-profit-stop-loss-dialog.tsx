import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { Box, Flex } from 'styled-system/jsx'
import { grid, wrap } from 'styled-system/patterns'
import { Text } from '../../../../components/ui/text'
import { Button } from '../../../../components/ui/button'
import { LiveText } from '../../../../components/ui/live-text'
import type { ModifyTradeRequest } from '../../../../domain/contract/orders'
import type { Trade } from '../../../../domain/contract/trades'
import { formatPrice } from '../../../../domain/format/numbers'
import { closingQuoteOf, type MarketQuote } from '../../../../domain/trading/order-rules'
import {
  levelText,
  positionLevelChanges,
  stopAtEntryBlocked,
  type PositionLevelErrors,
} from '../../../../domain/trading/position-levels'
import { parseDecimal, PRICE_STEPS, priceText, stepPrice } from '../../../../domain/trading/profit-calculator'
import { DialogCancel, DialogFrame } from '../../../../components/ui/dialog-frame'
import { LevelStepperField, StepperField } from './stepper-field'

export interface TakeProfitStopLossValues {
  takeProfit: string
  stopLoss: string
}

/**
 * The dialog on an open position rather than on the trade form (decision 0034): it adds the trailing stop and
 * 'Stop at entry', holds the levels to the market before sending, and stays open until the caller's save settles.
 */
export interface OpenPositionLevels {
  trade: Pick<Trade, 'trade_type' | 'opening_price' | 'take_profit' | 'stop_loss' | 'trailing_stop'>
  /** The position's market now (live); null while no price is known, then the server alone checks the sides. */
  quote: MarketQuote | null
  /** The save is in flight: Save shows 'Saving...' and cannot be pressed again. */
  busy: boolean
  /** The server's refusal (422), one message per field, shown under the fields. */
  errors?: PositionLevelErrors
  /** Only the fields that changed (0 removes a level); the caller closes the dialog once they are saved. */
  onSaveChanges: (changes: ModifyTradeRequest) => void
}

export interface TakeProfitStopLossDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The text each field opens with (the trade form's current values; '' when unset). */
  initialTakeProfit: string
  initialStopLoss: string
  /** Where a stepper starts when its field holds no number yet, e.g. the current price. Else 0. */
  referencePriceQuote?: number
  /**
   * Save: the fields as typed (docs/product/orders-and-alerts.md#take-profit-and-stop-loss: loose strings, no rules).
   * The dialog closes itself afterwards.
   */
  onSave?: (values: TakeProfitStopLossValues) => void
  /** Set to edit an open position's levels instead of the trade form's. */
  position?: OpenPositionLevels
  /** Under the title: which position this is. */
  description?: ReactNode
}

function LevelsForm(props: Omit<TakeProfitStopLossDialogProps, 'open' | 'description'>) {
  const { position } = props
  const [takeProfit, setTakeProfit] = useState(props.initialTakeProfit)
  const [stopLoss, setStopLoss] = useState(props.initialStopLoss)
  const [trailingStop, setTrailingStop] = useState(position ? levelText(position.trade.trailing_stop) : '')
  // What this form found before sending; a field's own edit clears its message.
  const [checked, setChecked] = useState<PositionLevelErrors>({})
  const reasonId = useId()

  const errorOf = (field: keyof PositionLevelErrors) => checked[field] ?? position?.errors?.[field]
  const edited = (field: keyof PositionLevelErrors, set: (text: string) => void) => (text: string) => {
    set(text)
    if (checked[field]) setChecked((current) => ({ ...current, [field]: undefined }))
  }

  const stepped = (text: string, direction: 1 | -1, from = props.referencePriceQuote ?? 0) =>
    priceText(stepPrice(parseDecimal(text) ?? from, PRICE_STEPS.TAKE_PROFIT_STOP_LOSS, direction))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!position) {
      props.onSave?.({ takeProfit, stopLoss })
      props.onOpenChange(false)
      return
    }
    if (position.busy) return
    const result = positionLevelChanges(
      position.trade,
      { takeProfit, stopLoss, trailingStop },
      position.quote,
    )
    if (!result.ok) {
      setChecked(result.errors)
      return
    }
    setChecked({})
    // Nothing changed: nothing to send (the server refuses an empty change).
    if (Object.keys(result.changes).length === 0) props.onOpenChange(false)
    else position.onSaveChanges(result.changes)
  }

  const side = position?.trade.trade_type
  const closing = position?.quote && side ? closingQuoteOf(side, position.quote) : null
  const entryBlocked = position
    ? stopAtEntryBlocked(position.trade.trade_type, position.trade.opening_price, position.quote)
    : null

  return (
    <form noValidate onSubmit={submit} className={grid({ gap: '4' })}>
      {position && closing !== null ? (
        <Flex as="p" justifyContent="space-between" gap="3" fontSize="sm" color="text.muted">
          <span>Closes now at ({side === 'buy' ? 'sell' : 'buy'} price)</span>
          <LiveText text={formatPrice(closing)} align="end" data-testid="levels-closing-price" />
        </Flex>
      ) : null}
      <LevelStepperField
        level="takeProfit"
        placeholder="Not set"
        value={takeProfit}
        error={errorOf('take_profit')}
        onChange={(event) => edited('take_profit', setTakeProfit)(event.target.value)}
        onStep={(direction) => edited('take_profit', setTakeProfit)(stepped(takeProfit, direction))}
      />
      <LevelStepperField
        level="stopLoss"
        placeholder="Not set"
        value={stopLoss}
        error={errorOf('stop_loss')}
        onChange={(event) => edited('stop_loss', setStopLoss)(event.target.value)}
        onStep={(direction) => edited('stop_loss', setStopLoss)(stepped(stopLoss, direction))}
      />
      {position ? (
        <>
          <div className={wrap({ alignItems: 'center', gap: '2' })}>
            <Button
              size="sm"
              variant="outline"
              disabled={entryBlocked !== null}
              aria-describedby={entryBlocked === null ? undefined : reasonId}
              onClick={() => edited('stop_loss', setStopLoss)(String(position.trade.opening_price))}
            >
              Stop at entry
            </Button>
            {entryBlocked === null ? null : (
              <Box as="span" id={reasonId} fontSize="xs" color="text.muted" flex="1" minW="0">
                {entryBlocked}
              </Box>
            )}
          </div>
          <StepperField
            label="Trailing stop"
            placeholder="None"
            helperText="A distance in price units: the stop loss follows the market at this distance."
            decrementLabel="Decrease the trailing distance by 0.01"
            incrementLabel="Increase the trailing distance by 0.01"
            value={trailingStop}
            error={errorOf('trailing_stop')}
            onChange={(event) => edited('trailing_stop', setTrailingStop)(event.target.value)}
            onStep={(direction) =>
              edited(
                'trailing_stop',
                setTrailingStop,
              )(
                priceText(
                  Math.max(
                    0,
                    stepPrice(parseDecimal(trailingStop) ?? 0, PRICE_STEPS.TAKE_PROFIT_STOP_LOSS, direction),
                  ),
                ),
              )
            }
          />
        </>
      ) : null}
      <Text tone="muted" size="sm">
        {position
          ? 'Leave a field empty to remove that level.'
          : 'Leave a field empty to place the order without it.'}
      </Text>
      <Flex flexDir={{ base: 'column-reverse', md: 'row' }} justifyContent="flex-end" gap="3">
        <DialogCancel />
        <Button type="submit" loading={position?.busy} loadingText="Saving...">
          Save
        </Button>
      </Flex>
    </form>
  )
}

/**
 * docs/product/orders-and-alerts.md#take-profit-and-stop-loss: sets the trade form's take profit and stop loss before
 * the order is placed, or, with `position`, changes an open position's levels and trailing stop (decision 0034).
 */
export function TakeProfitStopLossDialog({ open, description, ...props }: TakeProfitStopLossDialogProps) {
  return (
    <DialogFrame
      open={open}
      onOpenChange={props.onOpenChange}
      title="Take profit and stop loss"
      description={description}
      size="sm"
    >
      <LevelsForm {...props} />
    </DialogFrame>
  )
}
