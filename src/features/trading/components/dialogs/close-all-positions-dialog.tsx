import { useState } from 'react'
import { Button } from '../../../../components/ui/button'
import { DialogCancel, DialogFrame } from '../../../../components/ui/dialog-frame'
import { RadioGroup } from '../../../../components/ui/radio-group'
import type { CloseAllScope } from '../../../../domain/trading/close-all'

export interface CloseAllPositionsDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** How many open positions each choice closes. */
  counts: { all: number; asset: number }
  /** The asset on the chart ('EUR/USD'); null offers all positions alone. */
  assetSymbol: string | null
  /** The close-all call is in flight: Confirm shows 'Closing...' and cannot be pressed again. */
  busy: boolean
  /** The caller closes them, then closes the dialog. */
  onConfirm: (scope: CloseAllScope) => void
}

/**
 * Close all (decision 0034): every open position, or those of the asset on the chart, each at the current market
 * price; the server closes them one by one and says which it could not.
 */
export function CloseAllPositionsDialog(props: CloseAllPositionsDialogProps) {
  const { counts, assetSymbol } = props
  const [scope, setScope] = useState<CloseAllScope>('all')
  // Each opening starts from all positions.
  const [wasOpen, setWasOpen] = useState(props.open)
  if (props.open !== wasOpen) {
    setWasOpen(props.open)
    if (props.open) setScope('all')
  }
  const chosen = scope === 'asset' && counts.asset === 0 ? 'all' : scope
  const closing = chosen === 'all' ? counts.all : counts.asset
  return (
    <DialogFrame
      open={props.open}
      onOpenChange={props.onOpenChange}
      title="Close all positions"
      description="Each position closes at the current market price."
      size="sm"
      footer={
        <>
          <DialogCancel />
          <Button
            variant="danger"
            loading={props.busy}
            loadingText="Closing..."
            disabled={closing === 0}
            onClick={() => props.onConfirm(chosen)}
          >
            Confirm
          </Button>
        </>
      }
    >
      <RadioGroup
        label="Positions to close"
        value={chosen}
        onValueChange={(details) => setScope(details.value === 'asset' ? 'asset' : 'all')}
        options={[
          { value: 'all', label: `All positions (${counts.all})` },
          ...(assetSymbol === null
            ? []
            : [
                {
                  value: 'asset',
                  label: `${assetSymbol} positions (${counts.asset})`,
                  disabled: counts.asset === 0,
                },
              ]),
        ]}
      />
    </DialogFrame>
  )
}
