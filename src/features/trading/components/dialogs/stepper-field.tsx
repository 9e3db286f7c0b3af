import { CircleAlert, Minus, Plus } from 'lucide-react'
import type { ComponentProps, ReactNode } from 'react'
import { css } from 'styled-system/css'
import { hstack } from 'styled-system/patterns'
import { IconButton } from '../../../../components/ui/button'
import { Field } from '../../../../components/ui/input'

// A labelled text input between a - and a + button (the TP/SL and pending price steppers of
// docs/product/trading-workspace.md#profit-calculator). The input stays free text; the buttons call onStep and the
// caller decides what a step means for the current text.

export type StepperFieldProps = Omit<ComponentProps<'input'>, 'size'> & {
  label: ReactNode
  error?: string
  helperText?: ReactNode
  /** Names of the buttons. Keep the field's label out of them, so "Take profit" names the input alone. */
  decrementLabel: string
  incrementLabel: string
  onStep: (direction: 1 | -1) => void
  /** After the + button, e.g. the pending order's Market button. */
  trailing?: ReactNode
}

export function StepperField({
  label,
  error,
  helperText,
  decrementLabel,
  incrementLabel,
  onStep,
  trailing,
  disabled,
  ...inputProps
}: StepperFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)} disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      <div className={hstack({ gap: '2' })}>
        <IconButton
          variant="outline"
          aria-label={decrementLabel}
          disabled={disabled}
          onClick={() => onStep(-1)}
        >
          <Minus aria-hidden="true" />
        </IconButton>
        <Field.Input
          type="text"
          inputMode="decimal"
          autoComplete="off"
          className={css({ textStyle: 'price', textAlign: 'center' })}
          {...inputProps}
        />
        <IconButton
          variant="outline"
          aria-label={incrementLabel}
          disabled={disabled}
          onClick={() => onStep(1)}
        >
          <Plus aria-hidden="true" />
        </IconButton>
        {trailing}
      </div>
      {helperText ? <Field.HelperText>{helperText}</Field.HelperText> : null}
      {error ? (
        <Field.ErrorText>
          <CircleAlert aria-hidden="true" />
          {error}
        </Field.ErrorText>
      ) : null}
    </Field.Root>
  )
}

const LEVEL_WORDS = {
  takeProfit: { label: 'Take profit', short: 'TP' },
  stopLoss: { label: 'Stop loss', short: 'SL' },
} as const

/**
 * A take-profit or stop-loss stepper, with the names the workspace gives them ('Take profit', its buttons 'Decrease
 * TP by 0.01' and 'Increase TP by 0.01'), in the TP/SL dialog and the profit calculator alike.
 */
export function LevelStepperField({
  level,
  ...props
}: Omit<StepperFieldProps, 'label' | 'decrementLabel' | 'incrementLabel'> & {
  level: keyof typeof LEVEL_WORDS
}) {
  const words = LEVEL_WORDS[level]
  return (
    <StepperField
      label={words.label}
      decrementLabel={`Decrease ${words.short} by 0.01`}
      incrementLabel={`Increase ${words.short} by 0.01`}
      {...props}
    />
  )
}
