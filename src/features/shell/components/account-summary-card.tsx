import type { ReactNode } from 'react'
import { Box } from 'styled-system/jsx'
import { grid, wrap } from 'styled-system/patterns'
import { Surface } from '../../../components/ui/surface'
import { formatAmount, USD, type DisplayCurrency } from '../../../domain/format/currency'

export interface AccountSummary {
  name: string
  accountId: string
  balanceUsd: number
  creditUsd: number
  planTitle: string | null
  leverage: number | null
}

/** One of the card's figures: its label in small capitals over the amount in tabular digits. */
function Figure(props: { label: string; children: ReactNode; 'data-testid'?: string }) {
  return (
    <div>
      <Box as="dt" fontSize="xs" color="text.muted" textTransform="uppercase" letterSpacing="wide">
        {props.label}
      </Box>
      <Box
        as="dd"
        fontFamily="mono"
        fontVariantNumeric="tabular-nums"
        fontSize="xl"
        fontWeight="semibold"
        data-testid={props['data-testid']}
      >
        {props.children}
      </Box>
    </div>
  )
}

/**
 * The signed-in customer's account at a glance, its amounts in the chosen display currency
 * (docs/product/data-model.md#currency).
 */
export function AccountSummaryCard(props: {
  summary: AccountSummary
  currency?: DisplayCurrency
  /** The figures' 'as of' mark while they are the last known, not live (decision 0021). */
  asOf?: ReactNode
}) {
  const { summary } = props
  const currency = props.currency ?? USD
  return (
    <Surface as="section" aria-labelledby="account-summary-title" p="5">
      <div className={wrap({ alignItems: 'baseline', gap: '3' })}>
        <Box as="h2" id="account-summary-title" fontWeight="semibold" flex="1">
          {summary.name}
        </Box>
        {props.asOf}
      </div>
      <Box as="p" fontSize="sm" color="text.muted" mb="4">
        Account {summary.accountId}
        {summary.planTitle ? ` · ${summary.planTitle} plan` : ''}
        {/* A no-break space keeps 'leverage' with its figure when the line wraps on a phone. */}
        {summary.leverage ? ` · leverage\u00a01:${summary.leverage}` : ''}
      </Box>
      <dl
        className={grid({
          gridTemplateColumns: { base: '1fr 1fr', md: 'repeat(2, minmax(0, 12rem))' },
          gap: '4',
        })}
      >
        <Figure label="Balance" data-testid="account-balance">
          {formatAmount(summary.balanceUsd, currency)}
        </Figure>
        <Figure label="Credit">{formatAmount(summary.creditUsd, currency)}</Figure>
      </dl>
    </Surface>
  )
}
