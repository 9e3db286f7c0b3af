import { css } from 'styled-system/css'
import { Button } from '../../../../components/ui/button'
import * as Dialog from '../../../../components/ui/dialog'
import type { Trade } from '../../../../domain/contract/trades'
import { USD, type DisplayCurrency } from '../../../../domain/format/currency'
import { formatPrice } from '../../../../domain/format/numbers'
import { DetailList } from './detail-list'
import { DialogFrame } from '../../../../components/ui/dialog-frame'
import { SignedAmount } from '../signed-figures'

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
  /** The caller closes the position, then closes the dialog (spec 8 has the toasts). */
  onConfirm: () => void
}

const lotsText = (lots: number) => `${formatPrice(lots, 2)} ${lots === 1 ? 'lot' : 'lots'}`

/** Spec 2.7 "close-position confirm" and spec 4 "Position": open until the user confirms here. */
export function ClosePositionDialog(props: ClosePositionDialogProps) {
  const { trade } = props
  return (
    <DialogFrame
      open={props.open}
      onOpenChange={props.onOpenChange}
      title="Close position"
      description={trade ? 'The position closes at the current market price.' : undefined}
      size="sm"
      footer={
        <>
          <Dialog.CloseTrigger asChild>
            <Button variant="outline">Cancel</Button>
          </Dialog.CloseTrigger>
          {trade ? (
            <Button variant="danger" loading={props.busy} loadingText="Closing..." onClick={props.onConfirm}>
              Confirm
            </Button>
          ) : null}
        </>
      }
    >
      {trade ? (
        <DetailList
          rows={[
            { key: 'symbol', label: 'Symbol', value: trade.asset_symbol },
            {
              key: 'side',
              label: 'Side',
              value: (
                <span
                  className={css({
                    color: trade.trade_type === 'buy' ? 'gain' : 'loss',
                    fontWeight: 'semibold',
                  })}
                >
                  {trade.trade_type === 'buy' ? 'Buy' : 'Sell'}
                </span>
              ),
            },
            { key: 'volume', label: 'Volume', value: lotsText(trade.qty) },
            {
              key: 'opening',
              label: 'Opening price',
              value: <span className={css({ textStyle: 'price' })}>{formatPrice(trade.opening_price)}</span>,
            },
            {
              key: 'pnl',
              label: 'Current P/L',
              value: <SignedAmount amountUsd={props.currentPnlUsd} currency={props.currency ?? USD} />,
            },
          ]}
        />
      ) : (
        <p className={css({ color: 'text.muted' })}>No position selected.</p>
      )}
    </DialogFrame>
  )
}
