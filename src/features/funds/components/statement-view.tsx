import { Link } from '@tanstack/react-router'
import { ArrowLeft, Printer } from 'lucide-react'
import { Box, Wrap } from 'styled-system/jsx'
import { cx } from 'styled-system/css'
import { grid, visuallyHidden, wrap } from 'styled-system/patterns'
import { button } from 'styled-system/recipes'
import { Button } from '../../../components/ui/button'
import { surface } from '../../../components/ui/surface'
import { Spinner } from '../../../components/ui/spinner'
import { formatAmount, formatSignedAmount } from '../../../domain/format/currency'
import { formatDay, formatMoneyTime, transactionTypeLabel } from '../../../domain/funds/transaction-labels'
import { useStatement } from '../api/get-statement'
import {
  amountCell,
  ListLoadError,
  ListTable,
  nowrapCell,
  referenceText,
  row,
} from '../../../components/ui/list-table'
import { Stat } from '../../../components/ui/stat'
import { Text } from '../../../components/ui/text'

// The printable statement (decision 0019): the broker's name, the customer and the period, the opening balance, every
// movement with the balance it left, and the closing balance. In USD, the account's currency, as a statement is a
// record rather than a view. Printing shows the statement alone, in black on white: the app's menus, bars and this
// page's buttons are left out (print styles on the statement's root hide everything that does not contain it).

export interface StatementViewProps {
  from?: string | undefined
  to?: string | undefined
  brokerName: string
  customer: { name: string; accountId: string; email: string }
  /** The clock, passed in (a statement says when it was made). */
  now: Date
}

const printRoot = grid({
  gap: '6',
  '@media print': {
    // Everything on the page that neither holds the statement nor is inside it. Panda writes any '&' as this
    // element's class; its types only know '&' at either end of a selector.
    // @ts-expect-error -- a selector with '&' inside it
    'body:has(&) *:not(:has(&)):not(&):not(& *)': { display: 'none !important' },
    // The page and the app's frames around the statement print white.
    'html:has(&), body:has(&), body:has(&) *:has(&)': { backgroundColor: 'white !important' },
    '&, & *': {
      color: 'black !important',
      backgroundColor: 'transparent !important',
      borderColor: '#bbb !important',
      boxShadow: 'none !important',
    },
    // The breakpoints are screen-only: on paper the table is laid out here, as a table, whatever the width.
    '& table': { display: 'table !important' },
    '& thead': { display: 'table-header-group !important' },
    '& tbody': { display: 'table-row-group !important' },
    '& tr': {
      display: 'table-row !important',
      breakInside: 'avoid',
      borderWidth: '0 !important',
      rounded: '0 !important',
    },
    '& th, & td': {
      display: 'table-cell !important',
      px: '2 !important',
      py: '1.5 !important',
      textAlign: 'start !important',
      borderBottomWidth: '1px !important',
      whiteSpace: 'nowrap',
    },
    '& th[data-align=end], & td[data-align=end]': { textAlign: 'end !important' },
    '& td::before': { display: 'none !important' },
    fontSize: '11pt',
  },
})

const summaryGrid = grid({
  gridTemplateColumns: { base: '1fr 1fr', md: 'repeat(4, minmax(0, 1fr))' },
  gap: '3',
  '@media print': { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
})
const figureBox = cx(surface(), grid({ gap: '1', p: '3', minW: '0' }))

function periodText(from: string | null | undefined, to: string | null | undefined, now: Date): string {
  if (from && to) return `${formatDay(from)} – ${formatDay(to)}`
  if (from) return `From ${formatDay(from)}`
  if (to) return `Until ${formatDay(to)}`
  return `All movements until ${formatDay(now.toISOString())}`
}

export function StatementView(props: StatementViewProps) {
  const statement = useStatement({ from: props.from, to: props.to })
  return (
    <div className={printRoot} data-testid="statement">
      <Wrap gap="2" _print={{ display: 'none !important' }}>
        <Link
          to="/main/transactions"
          search={{ from: props.from, to: props.to }}
          className={button({ variant: 'ghost' })}
        >
          <ArrowLeft size={16} aria-hidden="true" />
          Back to transactions
        </Link>
        <Button onClick={() => window.print()} disabled={!statement.isSuccess}>
          <Printer size={16} aria-hidden="true" />
          Print
        </Button>
      </Wrap>

      <header
        className={wrap({
          justifyContent: 'space-between',
          gap: '4',
          pb: '4',
          borderBottomWidth: '1px',
          borderColor: 'border',
        })}
      >
        <Box minW="0">
          <Box as="p" fontSize="xl" fontWeight="bold" data-testid="statement-broker">
            {props.brokerName}
          </Box>
          <Text tone="muted">Account statement · {periodText(props.from, props.to, props.now)}</Text>
        </Box>
        <dl className={grid({ fontSize: 'sm', gap: '0.5', textAlign: { md: 'end' }, minW: '0' })}>
          <div>
            <dt className={visuallyHidden()}>Customer</dt>
            <Box as="dd" fontWeight="medium">
              {props.customer.name}
            </Box>
          </div>
          <div>
            <Box as="dt" display="inline" color="text.muted">
              Account{' '}
            </Box>
            <Box as="dd" display="inline" fontFamily="mono">
              {props.customer.accountId}
            </Box>
          </div>
          <div>
            <dt className={visuallyHidden()}>E-mail</dt>
            <Box as="dd" color="text.muted" overflowWrap="anywhere">
              {props.customer.email}
            </Box>
          </div>
          <div>
            <Box as="dt" display="inline" color="text.muted">
              Issued{' '}
            </Box>
            <Box as="dd" display="inline">
              {formatMoneyTime(props.now.toISOString())}
            </Box>
          </div>
        </dl>
      </header>

      {statement.isPending ? (
        <Spinner label="Preparing your statement" size="lg" />
      ) : statement.isError ? (
        <ListLoadError title="Your statement could not be prepared." query={statement} />
      ) : (
        (() => {
          const { rows } = statement.data
          const moneyIn = rows.reduce((sum, entry) => (entry.amount > 0 ? sum + entry.amount : sum), 0)
          const moneyOut = rows.reduce((sum, entry) => (entry.amount < 0 ? sum + entry.amount : sum), 0)
          return (
            <>
              <section aria-label="Summary">
                <dl className={summaryGrid}>
                  <Stat
                    label="Opening balance"
                    size="md"
                    numeric
                    className={figureBox}
                    data-testid="statement-opening"
                  >
                    {formatAmount(statement.data.opening_balance)}
                  </Stat>
                  <Stat label="Money in" size="md" numeric className={figureBox}>
                    {formatSignedAmount(moneyIn)}
                  </Stat>
                  <Stat label="Money out" size="md" numeric className={figureBox}>
                    {formatSignedAmount(moneyOut)}
                  </Stat>
                  <Stat
                    label="Closing balance"
                    size="md"
                    numeric
                    className={figureBox}
                    data-testid="statement-closing"
                  >
                    {formatAmount(statement.data.closing_balance)}
                  </Stat>
                </dl>
              </section>
              {rows.length === 0 ? (
                <Text tone="muted">No movements in this period.</Text>
              ) : (
                <ListTable
                  data-testid="statement-table"
                  caption="Movements in the period, oldest first"
                  columns={[
                    { label: 'Date' },
                    { label: 'Type' },
                    { label: 'Reference' },
                    { label: 'Amount', align: 'end' },
                    { label: 'Balance after', align: 'end' },
                  ]}
                >
                  {rows.map((entry, index) => (
                    <tr key={`${entry.reference}-${index}`} className={row} data-testid="statement-row">
                      <td className={nowrapCell} data-label="Date">
                        {entry.date.length === 10 ? formatDay(entry.date) : formatMoneyTime(entry.date)}
                      </td>
                      <td className={nowrapCell} data-label="Type">
                        {transactionTypeLabel(entry.type)}
                      </td>
                      <td className={nowrapCell} data-label="Reference">
                        <span className={referenceText}>{entry.reference}</span>
                      </td>
                      <td className={amountCell} data-label="Amount" data-align="end">
                        {formatSignedAmount(entry.amount)}
                      </td>
                      <td className={amountCell} data-label="Balance after" data-align="end">
                        {formatAmount(entry.balance_after)}
                      </td>
                    </tr>
                  ))}
                </ListTable>
              )}
              <Text size="xs" tone="muted">
                All amounts in USD, the account’s currency.
              </Text>
            </>
          )
        })()
      )}
    </div>
  )
}
