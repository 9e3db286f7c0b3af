import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { grid, wrap } from 'styled-system/patterns'
import { formatAmount, USD, type DisplayCurrency } from '../../../domain/format/currency'

export interface AccountSummary {
  name: string
  accountId: string
  balanceUsd: number
  creditUsd: number
  planTitle: string | null
  leverage: number | null
}

const figure = css({
  fontFamily: 'mono',
  fontVariantNumeric: 'tabular-nums',
  fontSize: 'xl',
  fontWeight: 'semibold',
})
const label = css({ fontSize: 'xs', color: 'text.muted', textTransform: 'uppercase', letterSpacing: 'wide' })

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
    <section
      aria-labelledby="account-summary-title"
      className={css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border', rounded: 'xl', p: '5' })}
    >
      <div className={wrap({ alignItems: 'baseline', gap: '3' })}>
        <h2 id="account-summary-title" className={css({ fontWeight: 'semibold', flex: '1' })}>
          {summary.name}
        </h2>
        {props.asOf}
      </div>
      <p className={css({ fontSize: 'sm', color: 'text.muted', mb: '4' })}>
        Account {summary.accountId}
        {summary.planTitle ? ` · ${summary.planTitle} plan` : ''}
        {summary.leverage ? ` · leverage 1:${summary.leverage}` : ''}
      </p>
      <dl
        className={grid({
          gridTemplateColumns: { base: '1fr 1fr', md: 'repeat(2, minmax(0, 12rem))' },
          gap: '4',
        })}
      >
        <div>
          <dt className={label}>Balance</dt>
          <dd className={figure} data-testid="account-balance">
            {formatAmount(summary.balanceUsd, currency)}
          </dd>
        </div>
        <div>
          <dt className={label}>Credit</dt>
          <dd className={figure}>{formatAmount(summary.creditUsd, currency)}</dd>
        </div>
      </dl>
    </section>
  )
}
