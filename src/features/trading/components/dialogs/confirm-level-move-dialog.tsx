import { useId } from 'react'
import { text as textRecipe } from 'styled-system/recipes'
import { grid } from 'styled-system/patterns'
import { AlertBox } from '../../../../components/ui/alert-box'
import { Button } from '../../../../components/ui/button'
import { DialogCancel, DialogFrame } from '../../../../components/ui/dialog-frame'

const levelFigure = textRecipe({ numeric: true, weight: 'semibold' })

export interface ConfirmLevelMoveDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** 'Move stop loss', 'Move take profit', 'Move order'. */
  title: string
  /** The position or order the level belongs to: 'EUR/USD · Buy 0.01 @ 1.08412'. */
  owner: string
  /** The prices as the chart shows them. */
  fromText: string
  toText: string
  /** The side rule the new price breaks at the market now (decision 0034); Confirm is disabled while it stands. */
  error: string | null
  /** The change is in flight: Confirm shows 'Saving...' and cannot be pressed again. */
  busy: boolean
  onConfirm: () => void
}

/** A level dragged on the chart moves only once the customer confirms it here (decision 0034). */
export function ConfirmLevelMoveDialog(props: ConfirmLevelMoveDialogProps) {
  const ruleId = useId()
  return (
    <DialogFrame
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={props.title}
      description={props.owner}
      size="sm"
      footer={
        <>
          <DialogCancel />
          <Button
            loading={props.busy}
            loadingText="Saving..."
            disabled={props.error !== null}
            aria-describedby={props.error === null ? undefined : ruleId}
            onClick={props.onConfirm}
          >
            Confirm
          </Button>
        </>
      }
    >
      <div className={grid({ gap: '3' })}>
        <p data-testid="level-move-prices">
          From <span className={levelFigure}>{props.fromText}</span> to{' '}
          <span className={levelFigure}>{props.toText}</span>
        </p>
        {props.error === null ? null : <AlertBox id={ruleId} variant="warning" description={props.error} />}
      </div>
    </DialogFrame>
  )
}
