import { useId, useState, type FormEvent } from 'react'
import { Text } from '../../../../components/ui/text'
import { grid } from 'styled-system/patterns'
import { Button } from '../../../../components/ui/button'
import type { Trade } from '../../../../domain/contract/trades'
import { USD, type DisplayCurrency } from '../../../../domain/format/currency'
import { formatPrice } from '../../../../domain/format/numbers'
import { checkCloseVolume, stepCloseVolume } from '../../../../domain/trading/partial-close'
import { DetailList } from '../../../../components/ui/detail-list'
import { DialogCancel, DialogFrame } from '../../../../components/ui/dialog-frame'
import { SignedAmount } from '../signed-figures'
import { StepperField } from './stepper-field'

export interface CloseVolume {
  /** Lots to close, on the 0.01-lot grid. */
  lots: number
  /** The whole position closes (then no volume is sent). */
  whole: boolean
}

export interface ClosePositionDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The position to close; null shows a notice and no Confirm. */
  trade: Trade | null
  /** Its P/L at the live price now, USD, shown in `currency` (USD when not given). */
  currentPnlUsd: number
  currency?: DisplayCurrency
  /** The close call is in flight: Confirm shows 'Closing...' and cannot be pressed again. */
  busy: boolean
  /** The server's refusal of the volume (422), shown under the field. */
  volumeError?: string
  /**
   * The caller closes the volume asked for, then closes the dialog (docs/product/orders-and-alerts.md#positions has
   * the toasts).
   */
  onConfirm: (close: CloseVolume) => void
}

const lotsText = (lots: number) => `${formatPrice(lots, 2)} ${lots === 1 ? 'lot' : 'lots'}`

/** The volume to close, the whole position to start with (decision 0034: a part closes, the rest keeps its id). */
function VolumeForm(props: {
  formId: string
  trade: Trade
  busy: boolean
  serverError: string | undefined
  onConfirm: (close: CloseVolume) => void
}) {
  const { trade } = props
  const [text, setText] = useState(trade.qty.toFixed(2))
  // The server's message belongs to the volume it refused; a new volume hides it.
  const [sentText, setSentText] = useState<string | null>(null)
  const check = checkCloseVolume(text, trade.qty)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!check.ok || props.busy) return
    setSentText(text)
    props.onConfirm({ lots: check.lots, whole: check.whole })
  }

  const remainder =
    check.ok && !check.whole ? (Math.round(trade.qty * 100) - Math.round(check.lots * 100)) / 100 : 0
  return (
    <form id={props.formId} noValidate onSubmit={submit}>
      <StepperField
        label="Volume (lots)"
        decrementLabel="Decrease the volume to close by 0.01 lot"
        incrementLabel="Increase the volume to close by 0.01 lot"
        value={text}
        error={check.ok ? (sentText === text ? props.serverError : undefined) : check.message}
        helperText={
          !check.ok
            ? undefined
            : check.whole
              ? 'The whole position closes.'
              : `Left open: ${lotsText(remainder)}.`
        }
        onChange={(event) => setText(event.target.value)}
        onStep={(direction) => setText((current) => stepCloseVolume(current, trade.qty, direction))}
      />
    </form>
  )
}

/** docs/product/orders-and-alerts.md#positions: open until the user confirms here. */
export function ClosePositionDialog(props: ClosePositionDialogProps) {
  const { trade } = props
  const formId = useId()
  return (
    <DialogFrame
      open={props.open}
      onOpenChange={props.onOpenChange}
      title="Close position"
      description={trade ? 'The position closes at the current market price.' : undefined}
      size="sm"
      footer={
        <>
          <DialogCancel />
          {trade ? (
            <Button
              type="submit"
              form={formId}
              variant="danger"
              loading={props.busy}
              loadingText="Closing..."
            >
              Confirm
            </Button>
          ) : null}
        </>
      }
    >
      {trade ? (
        <div className={grid({ gap: '4' })}>
          <DetailList
            rows={[
              { key: 'symbol', label: 'Symbol', value: trade.asset_symbol },
              {
                key: 'side',
                label: 'Side',
                value: (
                  <Text as="span" tone={trade.trade_type === 'buy' ? 'gain' : 'loss'} weight="semibold">
                    {trade.trade_type === 'buy' ? 'Buy' : 'Sell'}
                  </Text>
                ),
              },
              { key: 'volume', label: 'Open volume', value: lotsText(trade.qty) },
              {
                key: 'opening',
                label: 'Opening price',
                value: formatPrice(trade.opening_price),
                numeric: true,
              },
              {
                key: 'pnl',
                label: 'Current P/L',
                value: <SignedAmount amountUsd={props.currentPnlUsd} currency={props.currency ?? USD} />,
              },
            ]}
          />
          <VolumeForm
            key={trade.id}
            formId={formId}
            trade={trade}
            busy={props.busy}
            serverError={props.volumeError}
            onConfirm={props.onConfirm}
          />
        </div>
      ) : (
        <Text tone="muted">No position selected.</Text>
      )}
    </DialogFrame>
  )
}
