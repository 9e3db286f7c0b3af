import { css } from 'styled-system/css'
import { Flex } from 'styled-system/jsx'
import type { Control, FieldPath, FieldValues } from 'react-hook-form'
import { Button } from '../../../components/ui/button'
import { AmountField } from '../../../components/ui/amount-field'

// 'Amount (USD)' with a 'Max' button beside it that fills in the most that can move now: the withdrawal's and the
// savings move's amount (decision 0019). The figure stays the text typed; the form's schema parses and checks it.

const amountRoot = css({ flex: '1', minW: '0' })
// Lined up with the input, under the label.
const maxButton = css({ mt: '6' })

export function AmountWithMax<TValues extends FieldValues, TContext, TTransformed>(props: {
  control: Control<TValues, TContext, TTransformed>
  name: FieldPath<TValues>
  description: string
  /** Nothing can move: Max is off. */
  maxDisabled: boolean
  /** Fills in the most (the caller sets the value, validated, dirty and touched). */
  onMax: () => void
}) {
  return (
    <Flex gap="2" alignItems="flex-start">
      <AmountField
        control={props.control}
        name={props.name}
        label="Amount (USD)"
        rootClassName={amountRoot}
        description={props.description}
      />
      <Button variant="outline" className={maxButton} disabled={props.maxDisabled} onClick={props.onMax}>
        Max
      </Button>
    </Flex>
  )
}
