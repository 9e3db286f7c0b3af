import { Bitcoin, CreditCard, Landmark, type LucideIcon } from 'lucide-react'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { Box, VisuallyHidden } from 'styled-system/jsx'
import { grid, hstack } from 'styled-system/patterns'
import { Button } from '../../../components/ui/button'
import type { Deposit } from '../../../domain/contract/deposits'
import { DEPOSIT_METHOD_LABELS, depositDescription, shortenMiddle } from '../../../domain/funds/deposits'
import { formatMoneyTime } from '../../../domain/funds/transaction-labels'
import { formatAmount } from '../../../domain/format/currency'
import { AskAboutLink } from './ask-about-link'
import { TransactionStatusChip } from './status-chip'
import { Text } from '../../../components/ui/text'

// Deposits as rows (the history page): what, when, how much, the status in words and colour, the reference, and
// "Ask about this". Phones stack it in three lines (what and how much; when and the reference; status and the
// action); from md up it is one line per deposit. The newest PAGE rows first, more on request.

const PAGE = 25

const METHOD_ICONS: Readonly<Record<Deposit['method'], LucideIcon>> = {
  card: CreditCard,
  crypto: Bitcoin,
  wire: Landmark,
}

const row = grid({
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  gridTemplateAreas: `"what amount" "detail detail" "status status"`,
  alignItems: 'center',
  gap: '1.5 3',
  py: '3',
  borderBottomWidth: '1px',
  borderColor: 'border.muted',
  _last: { borderBottomWidth: '0' },
  md: {
    // Fixed widths for the figures and the status, so the columns line up from row to row.
    gridTemplateColumns: 'minmax(0, 1.6fr) minmax(0, 1.2fr) 7.5rem 16.5rem',
    gridTemplateAreas: `"what detail amount status"`,
    gap: '4',
  },
})

export function DepositList(props: { deposits: readonly Deposit[] }) {
  const [shown, setShown] = useState(PAGE)
  if (props.deposits.length === 0) {
    return (
      <Text size="sm" tone="muted">
        No deposits yet.
      </Text>
    )
  }
  const visible = props.deposits.slice(0, shown)
  return (
    <div className={grid({ gap: '3' })}>
      <ul aria-label="Deposits">
        {visible.map((deposit) => {
          const Icon = METHOD_ICONS[deposit.method]
          return (
            <li
              key={deposit.id}
              data-testid="deposit-row"
              data-status={deposit.status}
              data-reference={deposit.reference}
              className={row}
            >
              <div className={hstack({ gridArea: 'what', gap: '2.5', minW: '0' })}>
                <Icon size={18} aria-hidden="true" className={css({ flexShrink: 0, color: 'text.muted' })} />
                <Box minW="0">
                  <Box as="p" fontWeight="medium" truncate>
                    {depositDescription(deposit)}
                  </Box>
                  <Text size="xs" tone="muted">
                    <VisuallyHidden as="span">{DEPOSIT_METHOD_LABELS[deposit.method]}, </VisuallyHidden>
                    {formatMoneyTime(deposit.created_at)}
                  </Text>
                </Box>
              </div>
              <Box
                as="p"
                gridArea="amount"
                textStyle="numeric"
                fontWeight="semibold"
                textAlign="end"
                whiteSpace="nowrap"
              >
                {formatAmount(deposit.amount)}
              </Box>
              <Box gridArea="detail" minW="0" pl={{ base: '7', md: '0' }}>
                <Box
                  as="p"
                  title={deposit.reference}
                  fontFamily="mono"
                  fontSize="xs"
                  color="text.muted"
                  truncate
                >
                  {shortenMiddle(deposit.reference, 10)}
                </Box>
                {deposit.failure_reason ? (
                  <Text size="xs" tone="danger">
                    {deposit.failure_reason}
                  </Text>
                ) : null}
              </Box>
              <div
                className={hstack({
                  gridArea: 'status',
                  justifyContent: 'space-between',
                  gap: '2',
                  pl: { base: '7', md: '0' },
                })}
              >
                <TransactionStatusChip status={deposit.status} />
                <AskAboutLink reference={deposit.reference} />
              </div>
            </li>
          )
        })}
      </ul>
      {props.deposits.length > shown ? (
        <div>
          <Button variant="outline" size="sm" onClick={() => setShown((count) => count + PAGE)}>
            Show older deposits ({props.deposits.length - shown} more)
          </Button>
        </div>
      ) : null}
    </div>
  )
}
