import { Link } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { Box } from 'styled-system/jsx'
import { grid } from 'styled-system/patterns'
import * as Card from '../../../components/ui/card'
import { LiveText } from '../../../components/ui/live-text'
import { textLinkClass } from '../../../components/ui/quiet-link'
import type { FundsSummary } from '../../../domain/contract/funds-summary'
import { USD, formatAmount, type DisplayCurrency } from '../../../domain/format/currency'
import { withdrawableBreakdown, type WithdrawableRowKey } from '../../../domain/funds/withdrawable'
import { Text } from '../../../components/ui/text'

// "Withdrawable now" and what holds the rest back (decision 0019): the figure, then the balance, the margin open
// positions hold, the free margin while positions are open, the money already reserved for withdrawals in review,
// and the savings. Live: the route passes the summary with this tab's equity and margin at live prices.

export interface WithdrawableBreakdownProps {
  summary: FundsSummary
  currency: DisplayCurrency
}

const list = grid({ gap: '0', fontSize: 'sm' })
const rowClass = grid({
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  columnGap: '4',
  rowGap: '0.5',
  py: '2.5',
  borderBottomWidth: '1px',
  borderColor: 'border.muted',
  _last: { borderBottomWidth: '0' },
  '& > dt': { color: 'text', fontWeight: 'medium' },
  '& > dd:first-of-type': { textAlign: 'end', fontWeight: 'medium' },
  '& > dd:last-of-type': { gridColumn: '1 / -1', color: 'text.muted', fontSize: 'xs' },
})

export function WithdrawableBreakdown({ summary, currency }: WithdrawableBreakdownProps) {
  const breakdown = withdrawableBreakdown(summary)
  const positionsOpen = summary.margin > 0
  const freeMargin = summary.equity - summary.margin
  const rows: { key: WithdrawableRowKey | 'free_margin'; label: string; amountUsd: number; hint: string }[] =
    []
  for (const row of breakdown.rows) {
    rows.push(row)
    if (row.key === 'margin' && positionsOpen)
      rows.push({
        key: 'free_margin',
        label: 'Free margin',
        amountUsd: freeMargin,
        hint: 'Equity (balance plus open P/L) minus the margin in use.',
      })
  }
  const figure = formatAmount(breakdown.withdrawableUsd, currency)
  return (
    <Card.Root aria-labelledby="withdrawable-title" data-testid="withdrawable-breakdown">
      <Card.Header>
        <Card.Title asChild>
          <h2 id="withdrawable-title">Withdrawable now</h2>
        </Card.Title>
      </Card.Header>
      <Card.Body className={css({ gap: '4' })}>
        <div>
          <LiveText
            text={figure}
            data-testid="withdrawable-now"
            className={css({ fontSize: '3xl', fontWeight: 'semibold' })}
          />
          {currency.code !== USD.code ? (
            <Box as="p" fontSize="sm" color="text.muted" mt="1">
              {formatAmount(breakdown.withdrawableUsd)} · withdrawals are paid in USD
            </Box>
          ) : null}
          <Box as="p" fontSize="sm" color="text.muted" mt="2">
            {breakdown.limitedBy === 'free_margin'
              ? 'Limited by your free margin: money your open positions use or have lost cannot leave until they close.'
              : positionsOpen
                ? 'Your whole balance: an unrealised gain is paid out only once its position closes.'
                : 'Your whole balance.'}
          </Box>
        </div>
        <dl className={list}>
          {rows.map((row) => (
            <div key={row.key} className={rowClass} data-testid={`withdrawable-row-${row.key}`}>
              <dt>{row.key === 'reserved' ? 'Reserved for withdrawals' : row.label}</dt>
              <dd>
                {row.key === 'free_margin' ? (
                  <LiveText text={formatAmount(row.amountUsd, currency)} align="end" />
                ) : (
                  <Text as="span" numeric>
                    {formatAmount(row.amountUsd, currency)}
                  </Text>
                )}
              </dd>
              <dd>
                {row.hint}
                {row.key === 'savings' && row.amountUsd > 0 ? (
                  <>
                    {' '}
                    <Link to="/main/savings" className={textLinkClass}>
                      Go to savings
                    </Link>
                  </>
                ) : null}
              </dd>
            </div>
          ))}
        </dl>
      </Card.Body>
    </Card.Root>
  )
}
