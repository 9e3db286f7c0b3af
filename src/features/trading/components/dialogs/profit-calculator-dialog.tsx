import { zodResolver } from '@hookform/resolvers/zod'
import { useRef, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { formatAmount, USD, type DisplayCurrency } from '../../../../domain/format/currency'
import { css } from 'styled-system/css'
import { Box, Flex, styled } from 'styled-system/jsx'
import { center, grid, visuallyHidden } from 'styled-system/patterns'
import { Text } from '../../../../components/ui/text'
import { Button } from '../../../../components/ui/button'
import { TextField } from '../../../../components/ui/input'
import type { Asset } from '../../../../domain/contract/assets'
import { TRADE_SIDES, type TradeSide } from '../../../../domain/contract/trades'
import { formatPrice } from '../../../../domain/format/numbers'
import { openingPriceQuote } from '../../../../domain/trading/account-maths'
import {
  calculatorResult,
  defaultStopLoss,
  defaultTakeProfit,
  initialCalculatorInput,
  parseDecimal,
  PRICE_STEPS,
  priceText,
  ProfitCalculatorSchema,
  stepPrice,
} from '../../../../domain/trading/profit-calculator'
import { DetailList, type DetailRow } from '../../../../components/ui/detail-list'
import { DialogFrame } from '../../../../components/ui/dialog-frame'
import { SignedAmount } from '../signed-figures'
import { LevelStepperField } from './stepper-field'
import { TRADE_MESSAGES } from '../../../../domain/trading/messages'

export interface ProfitCalculatorDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The asset to calculate for; its current price is the default entry. Null shows the spec's notice. */
  asset: Asset | null
  /** The leverage the customer trades this asset at (the docs/product/trading-workspace.md#leverage chain). */
  leverage: number
  /** Money figures (margin, pip value, profit and loss) show in this currency; USD when not given. */
  currency?: DisplayCurrency
}

type LevelField = 'takeProfitQuote' | 'stopLossQuote'

const SIDE_LABELS: Readonly<Record<TradeSide, string>> = { buy: 'Buy', sell: 'Sell' }

const sideOptionClass = center({
  h: '10',
  borderWidth: '1px',
  borderColor: 'border.control',
  borderRadius: 'control',
  fontWeight: 'semibold',
  fontSize: 'sm',
  cursor: 'pointer',
  color: 'text.muted',
  _hover: { bg: 'bg.hover' },
  '&:has(input:focus-visible)': { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
  '&[data-side=buy]:has(input:checked)': { bg: 'gain.subtle', borderColor: 'gain.border', color: 'gain' },
  '&[data-side=sell]:has(input:checked)': { bg: 'loss.subtle', borderColor: 'loss.border', color: 'loss' },
})

/** Units are whole for a 100,000 contract but a fraction of one coin or share for contract size 1 (0.01 lot). */
function unitsText(volumeUnits: number): string {
  const hundredths = Math.round(volumeUnits * 100) / 100
  return formatPrice(hundredths, Number.isInteger(hundredths) ? 0 : 2)
}

/**
 * The form, mounted each time the dialog opens (and again for another asset): the entry price starts at the price
 * a new position of the side would open at now, and TP and SL follow entry and side until the user sets them.
 */
function CalculatorForm(props: { asset: Asset; leverage: number; currency: DisplayCurrency }) {
  const { asset, leverage, currency } = props
  const [defaults] = useState(() => initialCalculatorInput('buy', openingPriceQuote('buy', asset)))
  const form = useForm({
    resolver: zodResolver(ProfitCalculatorSchema),
    mode: 'onChange',
    defaultValues: defaults,
  })
  // Read here so react-hook-form tracks them: a field the user typed in or stepped is dirty, and its default
  // stops following side and entry.
  const { errors, dirtyFields } = form.formState
  const edited = (field: 'entryPriceQuote' | LevelField) => dirtyFields[field] === true
  const resultsHeading = useRef<HTMLHeadingElement>(null)

  const values = useWatch({ control: form.control })
  const parsed = ProfitCalculatorSchema.safeParse(values)
  const result = parsed.success
    ? calculatorResult(parsed.data, { contractSize: asset.contract_size, leverage })
    : null

  const followDefaults = () => {
    const { side, entryPriceQuote } = form.getValues()
    const entry = parseDecimal(entryPriceQuote)
    if (entry === null || entry <= 0) return
    if (!edited('takeProfitQuote'))
      form.setValue('takeProfitQuote', priceText(defaultTakeProfit(side, entry)), { shouldValidate: true })
    if (!edited('stopLossQuote'))
      form.setValue('stopLossQuote', priceText(defaultStopLoss(side, entry)), { shouldValidate: true })
  }

  const onSideChange = () => {
    if (!edited('entryPriceQuote')) {
      const side = form.getValues('side')
      form.setValue('entryPriceQuote', priceText(openingPriceQuote(side, asset)), { shouldValidate: true })
    }
    followDefaults()
  }

  const stepLevel = (field: LevelField) => (direction: 1 | -1) => {
    const current =
      parseDecimal(form.getValues(field)) ?? parseDecimal(form.getValues('entryPriceQuote')) ?? 0
    form.setValue(field, priceText(stepPrice(current, PRICE_STEPS.TAKE_PROFIT_STOP_LOSS, direction)), {
      shouldDirty: true,
      shouldValidate: true,
    })
  }

  const rows: DetailRow[] | null = result
    ? [
        { key: 'units', label: 'Volume (units)', value: unitsText(result.volumeUnits) },
        { key: 'leverage', label: 'Leverage', value: `1:${leverage}` },
        { key: 'margin', label: 'Margin', value: formatAmount(result.marginUsd, currency) },
        { key: 'pip', label: 'Pip value', value: formatAmount(result.pipValueUsd, currency) },
        {
          key: 'tp',
          label: 'Profit at take profit',
          value:
            result.profitAtTakeProfitUsd === null ? (
              'Not set'
            ) : (
              <SignedAmount amountUsd={result.profitAtTakeProfitUsd} currency={currency} />
            ),
        },
        {
          key: 'sl',
          label: 'Loss at stop loss',
          value:
            result.lossAtStopLossUsd === null ? (
              'Not set'
            ) : (
              <SignedAmount amountUsd={result.lossAtStopLossUsd} currency={currency} />
            ),
        },
      ]
    : null

  return (
    <form
      noValidate
      onSubmit={(event) => void form.handleSubmit(() => resultsHeading.current?.focus())(event)}
      className={grid({ gap: '4' })}
    >
      <fieldset className={grid({ gap: '1.5', minW: '0' })}>
        <Box as="legend" textStyle="label" mb="1.5">
          Side
        </Box>
        <div className={grid({ gridTemplateColumns: '1fr 1fr', gap: '2' })}>
          {TRADE_SIDES.map((side) => (
            <label key={side} data-side={side} className={sideOptionClass}>
              <input
                type="radio"
                value={side}
                className={visuallyHidden()}
                {...form.register('side', { onChange: onSideChange })}
              />
              {SIDE_LABELS[side]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className={grid({ gap: '4', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' } })}>
        <TextField
          label="Volume"
          inputMode="decimal"
          autoComplete="off"
          helperText="In lots"

          error={errors.volumeLots?.message}
          {...form.register('volumeLots')}
        />
        <TextField
          label="Entry price"
          inputMode="decimal"
          autoComplete="off"
          error={errors.entryPriceQuote?.message}
          {...form.register('entryPriceQuote', { onChange: followDefaults })}
        />
        <LevelStepperField
          level="takeProfit"
          onStep={stepLevel('takeProfitQuote')}
          error={errors.takeProfitQuote?.message}
          {...form.register('takeProfitQuote')}
        />
        <LevelStepperField
          level="stopLoss"
          onStep={stepLevel('stopLossQuote')}
          error={errors.stopLossQuote?.message}
          {...form.register('stopLossQuote')}
        />
      </div>
      <Box
        as="section"
        aria-labelledby="profit-calculator-results"
        bg="bg.surface"
        rounded="surface"
        px="4"
        py="3"
      >
        <styled.h3
          id="profit-calculator-results"
          ref={resultsHeading}
          tabIndex={-1}
          textStyle="label"
          outline="none"
        >
          Results for {asset.symbol_display}
        </styled.h3>
        {rows ? (
          <DetailList rows={rows} />
        ) : (
          <Box as="p" fontSize="sm" color="text.muted" pt="2">
            Correct the fields above to see the results.
          </Box>
        )}
      </Box>
      <Flex justifyContent="flex-end">
        <Button type="submit" className={css({ w: { base: 'full', md: 'auto' } })}>
          Calculate
        </Button>
      </Flex>
    </form>
  )
}

/**
 * docs/product/trading-workspace.md#profit-calculator with the rules of
 * docs/product/trading-workspace.md#profit-calculator and the figures of
 * docs/product/trading-workspace.md#profit-calculator.
 */
export function ProfitCalculatorDialog(props: ProfitCalculatorDialogProps) {
  const { asset } = props
  return (
    <DialogFrame
      open={props.open}
      onOpenChange={props.onOpenChange}
      title="Profit calculator"
      description={asset ? `${asset.name} (${asset.symbol_display})` : undefined}
    >
      {asset ? (
        <CalculatorForm
          key={asset.asset_id}
          asset={asset}
          leverage={props.leverage}
          currency={props.currency ?? USD}
        />
      ) : (
        <Text tone="muted">{TRADE_MESSAGES.NO_ASSET}</Text>
      )}
    </DialogFrame>
  )
}
