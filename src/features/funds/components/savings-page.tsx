import { ArrowDownToLine, ArrowUpFromLine, CircleCheck, Clock, PiggyBank } from 'lucide-react'
import { useState } from 'react'
import { Box, HStack } from 'styled-system/jsx'
import { cx } from 'styled-system/css'
import { grid, wrap } from 'styled-system/patterns'
import { Button } from '../../../components/ui/button'
import { surface } from '../../../components/ui/surface'
import { Spinner } from '../../../components/ui/spinner'
import { toast } from '../../../components/ui/toast'
import type { FundsSummary } from '../../../domain/contract/funds-summary'
import type { Savings } from '../../../domain/contract/savings'
import { formatAmount, formatSignedAmount, type DisplayCurrency } from '../../../domain/format/currency'
import type { SavingsDirection } from '../../../domain/funds/savings-transfer'
import { formatDay } from '../../../domain/funds/transaction-labels'
import { withdrawableNow } from '../../../domain/funds/withdrawable'
import { useFundsSummary } from '../api/get-funds-summary'
import { useSavings } from '../api/get-savings'
import { useTransferSavings } from '../api/transfer-savings'
import { SavingsTransferDialog } from './savings-transfer-dialog'
import {
  amountCell,
  cell,
  ListEmpty,
  ListLoadError,
  ListTable,
  nowrapCell,
  row,
} from '../../../components/ui/list-table'
import { Stat } from '../../../components/ui/stat'
import { Text } from '../../../components/ui/text'

// /main/savings (decision 0019): the savings balance and its rate, interest accrued this month and not yet paid, the
// two moves (free margin to savings and back, at once), and the daily accrual history. Live: a move, a credit or
// a push (funds.updated) refetches the savings and the summary.

export interface SavingsPageProps {
  currency: DisplayCurrency
  /** Reloads the signed-in user (their balance), which the session feature owns. */
  onBalanceChanged: () => Promise<unknown>
}

const figures = grid({
  gap: '3',
  gridTemplateColumns: { base: 'minmax(0, 1fr) minmax(0, 1fr)', md: 'repeat(4, minmax(0, 1fr))' },
})
const figureBox = cx(
  surface(),
  grid({ alignContent: 'start', gap: '1', p: { base: '3', md: '4' }, minW: '0' }),
)
function Figure(props: { label: string; value: string; note: string; testId: string }) {
  return (
    <Stat
      label={props.label}
      size="lg"
      numeric
      note={props.note}
      className={figureBox}
      data-testid={props.testId}
    >
      {props.value}
    </Stat>
  )
}

function SavingsFigures(props: {
  savings: Savings
  summary: FundsSummary | undefined
  currency: DisplayCurrency
}) {
  const { savings, currency } = props
  const available = props.summary ? withdrawableNow(props.summary) : null
  return (
    <dl className={figures}>
      <Figure
        label="Savings balance"
        value={formatAmount(savings.balance, currency)}
        note={`${savings.apr_percent.toFixed(2)} % a year (APR)`}
        testId="savings-balance"
      />
      <Figure
        label="Interest this month"
        value={formatAmount(savings.accrued_this_month, currency)}
        note="Accrued day by day"
        testId="savings-accrued-month"
      />
      <Figure
        label="Accrued, not yet paid"
        value={formatAmount(savings.accrued_unpaid, currency)}
        note="Paid monthly, or when you move savings out"
        testId="savings-accrued-unpaid"
      />
      <Figure
        label="Free to move in"
        value={available === null ? '—' : formatAmount(available, currency)}
        note="Your free margin, up to your balance"
        testId="savings-available"
      />
    </dl>
  )
}

export function SavingsPage(props: SavingsPageProps) {
  const savings = useSavings()
  const summary = useFundsSummary()
  const transfer = useTransferSavings(props.onBalanceChanged)
  const [direction, setDirection] = useState<SavingsDirection | null>(null)

  if (savings.isPending) return <Spinner label="Loading your savings" size="lg" />
  if (savings.isError) return <ListLoadError title="Your savings could not be loaded." query={savings} />
  const data = savings.data
  const availableIn = summary.data ? withdrawableNow(summary.data) : 0

  return (
    <div className={grid({ gap: { base: '6', md: '8' } })}>
      <section aria-label="Your savings" className={grid({ gap: '4' })}>
        <SavingsFigures savings={data} summary={summary.data} currency={props.currency} />
        <div className={wrap({ gap: '3', '& > button': { flex: { base: '1', sm: 'none' } } })}>
          <Button onClick={() => setDirection('in')} disabled={!summary.data}>
            <ArrowDownToLine size={16} aria-hidden="true" />
            Move to savings
          </Button>
          <Button variant="outline" onClick={() => setDirection('out')} disabled={data.balance <= 0}>
            <ArrowUpFromLine size={16} aria-hidden="true" />
            Move to trading
          </Button>
        </div>
        <Box maxW="48rem">
          <Text size="sm" tone="muted">
            Savings earn {data.apr_percent.toFixed(2)} % a year, accrued every day on the balance and paid
            into your savings at the start of each month, or with a move back to trading. They are never used
            as margin, so a losing trade cannot touch them; to withdraw them, move them back to trading first.
          </Text>
        </Box>
      </section>

      <section aria-labelledby="savings-accruals-title" className={grid({ gap: '3' })}>
        <Box as="h2" id="savings-accruals-title" fontSize="lg" fontWeight="semibold">
          Interest history
        </Box>
        {data.accruals.length === 0 ? (
          <ListEmpty
            icon={PiggyBank}
            title="No interest yet"
            description="Interest accrues from the first full day your money is in savings."
          />
        ) : (
          <ListTable
            data-testid="savings-accruals"
            caption="Daily interest, newest first"
            columns={[{ label: 'Day' }, { label: 'Interest', align: 'end' }, { label: 'Status' }]}
          >
            {data.accruals.map((accrual) => (
              <tr key={accrual.day} className={row} data-testid="savings-accrual">
                <td className={nowrapCell} data-label="Day">
                  <time dateTime={accrual.day}>{formatDay(accrual.day)}</time>
                </td>
                <td className={amountCell} data-label="Interest">
                  {formatSignedAmount(accrual.amount, props.currency)}
                </td>
                <td className={cell} data-label="Status">
                  <HStack
                    as="span"
                    display="inline-flex"
                    gap="1"
                    fontSize="xs"
                    color={accrual.credited ? 'success' : 'text.muted'}
                  >
                    {accrual.credited ? (
                      <CircleCheck size={14} aria-hidden="true" />
                    ) : (
                      <Clock size={14} aria-hidden="true" />
                    )}
                    {accrual.credited ? 'Paid' : 'Accrued, not yet paid'}
                  </HStack>
                </td>
              </tr>
            ))}
          </ListTable>
        )}
      </section>

      <SavingsTransferDialog
        direction={direction}
        onOpenChange={(open) => {
          if (!open) setDirection(null)
        }}
        availableUsd={{ in: availableIn, out: data.balance }}
        savingsUsd={data.balance}
        onTransfer={(move) => transfer.mutateAsync(move)}
        onMoved={(message) => toast.success(message)}
      />
    </div>
  )
}
