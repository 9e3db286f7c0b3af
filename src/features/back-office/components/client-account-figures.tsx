import { grid } from 'styled-system/patterns'
import { LiveText } from '../../../components/ui/live-text'
import { Stat } from '../../../components/ui/stat'
import { Text } from '../../../components/ui/text'
import type { AdminClient } from '../../../domain/contract/clients'
import { formatAmount, formatSignedAmount } from '../../../domain/format/currency'
import { signTone } from '../../../domain/format/numbers'
import type { LivePriceStore } from '../../../lib/live-prices'
import { useAccountSummary } from '../../../lib/live-account'

// The client's account as the workspace's bottom bar shows it to them, at this tab's live prices: balance, equity,
// margin, free margin, margin level and open P/L (docs/product/trading-workspace.md#account-figures maths,
// src/domain/trading/account-maths.ts).

const figureGrid = grid({
  gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' },
  gap: '3',
})

function Figure(props: {
  label: string
  text: string
  tone?: 'gain' | 'loss'
  testId: string
  live?: boolean
}) {
  return (
    <Stat tile label={props.label} data-testid={props.testId}>
      {props.live ? (
        <LiveText text={props.text} tone={props.tone} />
      ) : (
        <Text as="span" numeric tone={props.tone}>
          {props.text}
        </Text>
      )}
    </Stat>
  )
}

export function ClientAccountFigures(props: { client: AdminClient; store: LivePriceStore }) {
  const { client } = props
  const summary = useAccountSummary(props.store, client.open_positions, client.balance, client.credit_balance)
  const pnlText = formatSignedAmount(summary.pnl)
  return (
    <dl className={figureGrid}>
      <Figure label="Balance" text={formatAmount(summary.balance)} testId="client-balance" />
      <Figure label="Equity" text={formatAmount(summary.equity)} testId="client-equity" live />
      <Figure label="Open P/L" text={pnlText} tone={signTone(pnlText)} testId="client-pnl" live />
      <Figure label="Margin" text={formatAmount(summary.margin)} testId="client-margin" />
      <Figure label="Free margin" text={formatAmount(summary.freeMargin)} testId="client-free-margin" live />
      <Figure label="Margin level" text={summary.marginLevel} testId="client-margin-level" live />
      {client.credit_balance > 0 ? (
        <Figure label="Credit" text={formatAmount(client.credit_balance)} testId="client-credit" />
      ) : null}
    </dl>
  )
}
