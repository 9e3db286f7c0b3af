import type { FieldPath, FieldValues } from 'react-hook-form'
import { FormField, type FormFieldProps } from './form-field'

/**
 * A sum of money typed in: a FormField with the decimal keyboard, no autofill (a figure the browser remembers is
 * never the amount meant) and '0.00' until something is typed, unless `placeholder` says otherwise (a deposit, a
 * withdrawal, a savings move, a balance adjustment, a simulated crypto transfer).
 */
export function AmountField<
  TValues extends FieldValues,
  TName extends FieldPath<TValues>,
  TContext = unknown,
  TTransformed = TValues,
>(props: Omit<FormFieldProps<TValues, TName, TContext, TTransformed>, 'type' | 'inputMode'>) {
  return (
    <FormField inputMode="decimal" autoComplete="off" {...props} placeholder={props.placeholder ?? '0.00'} />
  )
}
