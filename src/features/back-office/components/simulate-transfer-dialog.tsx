import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { AlertBox } from '../../../components/ui/alert-box'
import { AmountField } from '../../../components/ui/amount-field'
import { FormSelect } from '../../../components/ui/form-select'
import {
  COIN_OPTIONS,
  SimulatedTransferFormSchema,
  belowMinimumWarning,
  networkOptions,
  type SimulatedTransferForm,
} from '../../../domain/back-office/simulated-transfer'
import { CRYPTO_COINS, findCoin } from '../../../domain/contract/funds-common'
import { errorMessage, fieldError } from '../../../lib/error-message'
import type { SimulatedTransfer } from '../api/simulate-crypto-transfer'
import { DialogForm, FormDialog, useBusy } from './form-dialog'

// "Simulate incoming transfer" (decision 0019): the sandbox chain sends a coin to the customer's deposit address on
// the chosen network, for demos and tests. It confirms by itself; the customer's page counts the confirmations up.

export interface SimulateTransferDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  clientName: string
  /** Sends it; resolves when the chain took it (the dialog then closes), rejects with the server's error. */
  onSimulate: (transfer: SimulatedTransfer) => Promise<unknown>
}

const FIRST_COIN = CRYPTO_COINS[0]!

function SimulateTransferForm(
  props: Omit<SimulateTransferDialogProps, 'open' | 'clientName'> & {
    formId: string
    track: <T>(work: () => Promise<T>) => Promise<T>
  },
) {
  const [serverError, setServerError] = useState<string | null>(null)
  const form = useForm<SimulatedTransferForm>({
    resolver: zodResolver(SimulatedTransferFormSchema),
    defaultValues: { coin: FIRST_COIN.slug, network: FIRST_COIN.networks[0]!.id, coin_amount: '' },
  })
  const [coin, amount] = useWatch({ control: form.control, name: ['coin', 'coin_amount'] })
  const coinCode = findCoin(coin)?.code ?? ''
  const warning = belowMinimumWarning(coin, String(amount ?? ''))

  const submit = form.handleSubmit(async (values) => {
    setServerError(null)
    try {
      await props.track(() => props.onSimulate(values))
      props.onOpenChange(false)
    } catch (error) {
      setServerError(errorMessage(error))
      const amountError = fieldError(error, 'coin_amount')
      if (amountError) form.setError('coin_amount', { message: amountError })
    }
  })

  return (
    <DialogForm formId={props.formId} onSubmit={submit} serverError={serverError}>
      <FormSelect
        control={form.control}
        name="coin"
        label="Coin"
        options={COIN_OPTIONS}
        onValueChange={(next) => {
          // A coin's networks are its own: start from its first one.
          const first = networkOptions(next)[0]
          if (first) form.setValue('network', first.value as SimulatedTransferForm['network'])
        }}
      />
      <FormSelect control={form.control} name="network" label="Network" options={networkOptions(coin)} />
      <AmountField
        control={form.control}
        name="coin_amount"
        label={`Amount (${coinCode})`}
        description={`In ${coinCode}, up to eight decimals. Minimum credited: ${findCoin(coin)?.minimum ?? ''} ${coinCode}.`}
      />
      {warning ? <AlertBox variant="warning" title={warning} /> : null}
    </DialogForm>
  )
}

export function SimulateTransferDialog(props: SimulateTransferDialogProps) {
  const [busy, track] = useBusy()
  return (
    <FormDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title="Simulate incoming transfer"
      description={`The sandbox chain sends coins to ${props.clientName}'s deposit address. It is credited after its confirmations, at the coin's price then.`}
      size="sm"
      submitLabel="Send transfer"
      loadingText="Sending..."
      busy={busy}
    >
      {(formId) => (
        <SimulateTransferForm
          formId={formId}
          onOpenChange={props.onOpenChange}
          onSimulate={props.onSimulate}
          track={track}
        />
      )}
    </FormDialog>
  )
}
