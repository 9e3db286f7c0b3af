import { ShieldCheck } from 'lucide-react'
import { useRef } from 'react'
import { css } from 'styled-system/css'
import { Box } from 'styled-system/jsx'
import { grid, hstack } from 'styled-system/patterns'
import { Button } from '../../../components/ui/button'
import * as Dialog from '../../../components/ui/dialog'
import { DEPOSIT_MESSAGES, type Deposit } from '../../../domain/contract/deposits'
import { maskedCard } from '../../../domain/funds/card'
import { formatAmount } from '../../../domain/format/currency'
import { Text } from '../../../components/ui/text'

// The simulated 3-D Secure step (sandbox card 4000 0000 0000 3220): the bank's page stands in as a dialog. Focus
// starts on Confirm; Escape, the ✕ and Cancel all answer "not confirmed", so a payment never stays half-done.

export interface ThreeDsDialogProps {
  deposit: Deposit | null
  busy: 'confirm' | 'cancel' | null
  onDecide: (approve: boolean) => void
}

export function ThreeDsDialog(props: ThreeDsDialogProps) {
  const confirmButton = useRef<HTMLButtonElement | null>(null)
  const { deposit } = props
  return (
    <Dialog.Root
      open={deposit !== null}
      onOpenChange={(details) => {
        if (!details.open && props.busy === null) props.onDecide(false)
      }}
      initialFocusEl={() => confirmButton.current}
      closeOnInteractOutside={false}
      size="sm"
      lazyMount
      unmountOnExit
    >
      <Dialog.Backdrop />
      <Dialog.Positioner>
        <Dialog.Content>
          <Dialog.Header>
            <Dialog.Title>Confirm payment</Dialog.Title>
            <Dialog.Description>{DEPOSIT_MESSAGES.THREE_DS_REQUIRED}</Dialog.Description>
          </Dialog.Header>
          <Dialog.Body>
            <div
              className={grid({
                gap: '2',
                p: '4',
                rounded: 'control',
                bg: 'bg.raised',
                borderWidth: '1px',
                borderColor: 'border.default',
              })}
            >
              <p className={hstack({ gap: '2', fontWeight: 'semibold' })}>
                <ShieldCheck size={18} aria-hidden="true" className={css({ color: 'success' })} />
                Sandbox bank · Secure verification
              </p>
              {deposit ? (
                <dl className={grid({ gridTemplateColumns: 'auto 1fr', gap: '1 4', fontSize: 'sm' })}>
                  <Box as="dt" color="text.muted">
                    Amount
                  </Box>
                  <Box as="dd" textStyle="numeric" textAlign="end">
                    {formatAmount(deposit.amount)}
                  </Box>
                  {deposit.card ? (
                    <>
                      <Box as="dt" color="text.muted">
                        Card
                      </Box>
                      <Box as="dd" textAlign="end">
                        {maskedCard(deposit.card.brand, deposit.card.last4)}
                      </Box>
                    </>
                  ) : null}
                  <Box as="dt" color="text.muted">
                    Reference
                  </Box>
                  <Box as="dd" textAlign="end" wordBreak="break-all">
                    {deposit.reference}
                  </Box>
                </dl>
              ) : null}
              <Text size="xs" tone="muted">
                In a live payment your bank would ask for a code or an approval in its app here.
              </Text>
            </div>
          </Dialog.Body>
          <Dialog.Footer>
            <Button
              variant="outline"
              disabled={props.busy !== null}
              loading={props.busy === 'cancel'}
              onClick={() => props.onDecide(false)}
            >
              Cancel
            </Button>
            <Button
              ref={confirmButton}
              loading={props.busy === 'confirm'}
              loadingText="Confirming..."
              disabled={props.busy !== null}
              onClick={() => props.onDecide(true)}
            >
              Confirm
            </Button>
          </Dialog.Footer>
          <Dialog.CloseTrigger disabled={props.busy !== null} />
        </Dialog.Content>
      </Dialog.Positioner>
    </Dialog.Root>
  )
}
