import { Button } from '../../../components/ui/button'
import { DialogCancel, DialogFrame } from '../../../components/ui/dialog-frame'
import type { ExpertAdvisor } from '../../../domain/contract/catalog'
import { advisorPriceLabel } from '../../../domain/marketplace/advisors'
import { Text } from '../../../components/ui/text'

export interface PurchaseDialogProps {
  open: boolean
  /** The advisor being bought (kept after closing, so the closing animation still shows it). */
  advisor: Pick<ExpertAdvisor, 'id' | 'name' | 'amount_val'> | null
  onOpenChange: (open: boolean) => void
  busy: boolean
  onConfirm: () => void
}

/**
 * docs/product/marketplace.md#buying-an-advisor: a purchase needs a confirmation. The price is in USD and taken from
 * the balance.
 */
export function PurchaseDialog({ advisor, ...props }: PurchaseDialogProps) {
  const free = advisor?.amount_val === 0
  return (
    <DialogFrame
      open={props.open}
      onOpenChange={props.onOpenChange}
      title="Confirm purchase"
      size="sm"
      // Dialog.Footer lays the buttons out: side by side on the right, stacked with the confirmation on top on a
      // phone.
      footer={
        <>
          <DialogCancel disabled={props.busy} />
          <Button loading={props.busy} loadingText="Purchasing..." onClick={props.onConfirm}>
            {free ? 'Get it free' : 'Confirm purchase'}
          </Button>
        </>
      }
    >
      {advisor ? (
        <p>
          {free ? (
            <>
              Add <strong>{advisor.name}</strong> to your account for free?
            </>
          ) : (
            <>
              Buy <strong>{advisor.name}</strong> for{' '}
              <Text as="strong" numeric>
                {advisorPriceLabel(advisor.amount_val)}
              </Text>
              ? The amount is taken from your balance.
            </>
          )}
        </p>
      ) : null}
    </DialogFrame>
  )
}
