import { zodResolver } from '@hookform/resolvers/zod'
import { Send } from 'lucide-react'
import { useMemo, useState } from 'react'
import { useForm } from 'react-hook-form'
import { css } from 'styled-system/css'
import { Box } from 'styled-system/jsx'
import { grid } from 'styled-system/patterns'
import { AlertBox } from '../../../components/ui/alert-box'
import { Button } from '../../../components/ui/button'
import { AmountField } from '../../../components/ui/amount-field'
import type { BankDetails } from '../../../domain/contract/funds-common'
import type { Deposit } from '../../../domain/contract/deposits'
import type { Limit } from '../../../domain/contract/funds-options'
import { wireAmount, wireDepositFormSchema, type WireDepositForm } from '../../../domain/funds/deposit-forms'
import { formatAmount } from '../../../domain/format/currency'
import { useDepositByWire } from '../api/deposit-by-wire'
import { errorMessage, fieldError } from '../../../lib/error-message'
import { useFundsOptions } from '../api/get-funds-options'
import { useWireIntent } from '../api/create-wire-intent'
import { DetailList } from './detail-list'
import { LoadFailed, Loading } from './load-state'
import { FundsSection } from './section'

// /main/deposit/wire: the broker's bank details and this transfer's unique reference, each with a Copy button;
// the amount; and 'I have sent the transfer', which records a pending deposit the back office approves when the
// money arrives, and opens the confirmation page.

export function bankDetailRows(bank: BankDetails, reference: string) {
  return [
    {
      key: 'reference',
      label: 'Reference',
      value: reference,
      mono: true,
      display: (
        <Box
          as="span"
          data-testid="wire-reference"
          fontFamily="mono"
          fontWeight="semibold"
          color="accent"
          fontSize="md"
        >
          {reference}
        </Box>
      ),
    },
    { key: 'beneficiary', label: 'Beneficiary', value: bank.beneficiary },
    { key: 'iban', label: 'IBAN', value: bank.iban, mono: true },
    { key: 'bic', label: 'BIC / SWIFT', value: bank.bic, mono: true },
    { key: 'bank', label: 'Bank', value: bank.bank_name },
    { key: 'bank-address', label: 'Bank address', value: bank.bank_address },
  ]
}

export interface WireSentFormProps {
  reference: string
  limit: Limit
  onSend: (input: { reference: string; amount: string }) => Promise<{ data: Deposit }>
  onSent: (deposit: Deposit) => void
}

export function WireSentForm(props: WireSentFormProps) {
  const schema = useMemo(() => wireDepositFormSchema(props.limit), [props.limit])
  const form = useForm<WireDepositForm>({ resolver: zodResolver(schema), defaultValues: { amount: '' } })
  const [problem, setProblem] = useState<string | null>(null)
  const submit = form.handleSubmit(async (values) => {
    setProblem(null)
    try {
      const answer = await props.onSend({ reference: props.reference, amount: wireAmount(values.amount) })
      props.onSent(answer.data)
    } catch (error) {
      const amountError = fieldError(error, 'amount')
      if (amountError) form.setError('amount', { message: amountError })
      else setProblem(errorMessage(error))
    }
  })
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className={grid({ gap: '4' })}>
      <AmountField
        control={form.control}
        name="amount"
        label="Amount"
        description={`The amount you sent, in USD: from ${formatAmount(props.limit.min)} to ${formatAmount(props.limit.max)}.`}
        rootClassName={css({ maxW: '20rem' })}
      />
      {problem ? <AlertBox variant="destructive" title={problem} /> : null}
      <div>
        <Button type="submit" size="lg" loading={form.formState.isSubmitting} loadingText="Sending...">
          <Send aria-hidden="true" />I have sent the transfer
        </Button>
      </div>
    </form>
  )
}

export function WireDeposit(props: { onSent: (deposit: Deposit) => void }) {
  const intent = useWireIntent()
  const options = useFundsOptions()
  const send = useDepositByWire()
  if (intent.isPending || options.isPending) return <Loading label="Loading the bank details" />
  if (intent.isError || options.isError) {
    return (
      <LoadFailed
        what="The bank details"
        error={intent.error ?? options.error}
        onRetry={() => {
          if (intent.isError) void intent.refetch()
          if (options.isError) void options.refetch()
        }}
      />
    )
  }
  const { reference, bank } = intent.data
  return (
    <div className={grid({ gap: '6', minW: '0' })}>
      <FundsSection
        title="Bank wire"
        description="Transfer from a bank account in your own name. Wires arrive in 1–3 business days and are credited once the back office matches them."
        testId="wire-details"
      >
        <AlertBox
          variant="warning"
          title="Put the reference in your transfer’s message."
          description="It is how we recognise your money. This reference is yours alone and used once."
        />
        <DetailList details={bankDetailRows(bank, reference)} />
      </FundsSection>
      <FundsSection
        title="After you have sent it"
        description="Tell us the amount, and we will credit it when the transfer arrives."
      >
        <WireSentForm
          reference={reference}
          limit={options.data.limits.wire}
          onSend={(input) => send.mutateAsync(input)}
          onSent={props.onSent}
        />
      </FundsSection>
    </div>
  )
}
