import { CircleAlert } from 'lucide-react'
import { css } from 'styled-system/css'
import { hstack } from 'styled-system/patterns'
import { Button } from '../../../../components/ui/button'
import { Field } from '../../../../components/ui/input'

// A pending order's expiry (decision 0034): a date and time in the customer's time zone, or nothing for good till
// cancelled, which the button beside it brings back.

export interface ExpiryFieldProps {
  /** A datetime-local value, '' for none. */
  value: string
  onChange: (value: string) => void
  error?: string
  disabled?: boolean
}

export function ExpiryField(props: ExpiryFieldProps) {
  return (
    <Field.Root invalid={Boolean(props.error)} disabled={props.disabled}>
      <Field.Label>Expiry</Field.Label>
      <div className={hstack({ gap: '2' })}>
        <Field.Input
          type="datetime-local"
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
          className={css({ minW: '0', flex: '1' })}
        />
        <Button
          variant="outline"
          disabled={props.disabled || props.value === ''}
          onClick={() => props.onChange('')}
        >
          Clear
        </Button>
      </div>
      <Field.HelperText>
        {props.value === '' ? 'Good till cancelled.' : 'In your time zone; clear it for good till cancelled.'}
      </Field.HelperText>
      {props.error ? (
        <Field.ErrorText>
          <CircleAlert aria-hidden="true" />
          {props.error}
        </Field.ErrorText>
      ) : null}
    </Field.Root>
  )
}
