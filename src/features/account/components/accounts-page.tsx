import { ArrowUpRight } from 'lucide-react'
import { css } from 'styled-system/css'
import { grid, wrap } from 'styled-system/patterns'
import { Button } from '../../../components/ui/button'
import * as Card from '../../../components/ui/card'
import { LiveText } from '../../../components/ui/live-text'
import { ASSET_CLASS_LABELS } from '../../../domain/back-office/site-settings-form'
import { formatDate } from '../../../domain/back-office/labels'
import { ASSET_CLASSES, type LeverageMap } from '../../../domain/contract/site'
import type { Trade } from '../../../domain/contract/trades'
import type { User } from '../../../domain/contract/user'
import { formatAmount, formatSignedAmount, type DisplayCurrency } from '../../../domain/format/currency'
import { signTone } from '../../../domain/format/numbers'
import { useAccountSummary } from '../../../lib/live-account'
import type { LivePriceStore } from '../../../lib/live-prices'
import { StatusChip } from '../../../components/ui/status-chip'
import { AccountSection } from './account-section'
import { Text } from '../../../components/ui/text'

export interface AccountsPageProps {
  user: User
  selectedAccountIndex: number
  onSelectAccount: (index: number) => void
  /** Every open position, so equity and margin are true (a page of them would not be). */
  openTrades: readonly Trade[]
  store: LivePriceStore
  leverage: LeverageMap
  currency: DisplayCurrency
  /** When the account was opened, if the server says. */
  openedAt: string | null
  onOpenPlans: () => void
}

const label = css({ fontSize: 'xs', color: 'text.muted', textTransform: 'uppercase', letterSpacing: 'wide' })
const figure = css({ fontSize: 'lg', fontWeight: 'semibold' })

function LiveFigures(props: AccountsPageProps) {
  const summary = useAccountSummary(
    props.store,
    props.openTrades,
    props.user.balance,
    props.user.credit_balance,
  )
  const money = (amountUsd: number) => formatAmount(amountUsd, props.currency)
  const pnl = formatSignedAmount(summary.pnl, props.currency)
  const rows = [
    { name: 'Balance', text: money(summary.balance), testId: 'accounts-balance' },
    { name: 'Equity', text: money(summary.equity), testId: 'accounts-equity' },
    { name: 'Margin', text: money(summary.margin), testId: 'accounts-margin' },
    { name: 'Free margin', text: money(summary.freeMargin), testId: 'accounts-free-margin' },
    { name: 'Margin level', text: summary.marginLevel, testId: 'accounts-margin-level' },
  ]
  return (
    <dl
      className={grid({
        gap: '4',
        gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
      })}
    >
      {rows.map((row) => (
        <div key={row.name} className={css({ minW: '0' })}>
          <dt className={label}>{row.name}</dt>
          <dd className={figure} data-testid={row.testId}>
            <LiveText text={row.text} />
          </dd>
        </div>
      ))}
      <div className={css({ minW: '0' })}>
        <dt className={label}>Open P/L</dt>
        <dd className={figure} data-testid="accounts-pnl">
          <LiveText text={pnl} tone={signTone(pnl)} />
        </dd>
      </div>
    </dl>
  )
}

/** /main/accounts (decision 0020): the trading accounts, the plan and its leverage, and live figures. */
export function AccountsPage(props: AccountsPageProps) {
  const { user } = props
  const plan = user.account_type
  return (
    <div className={grid({ gap: '6', maxW: '64rem' })}>
      <AccountSection title="Trading accounts" description="Choose the account the workspace shows.">
        <ul
          className={grid({
            gap: '3',
            gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
          })}
        >
          {user.accounts.map((account, index) => {
            const selected = index === props.selectedAccountIndex
            return (
              <li key={`${account.title}-${index}`}>
                <Card.Root
                  variant={selected ? 'raised' : 'outline'}
                  className={css({ borderColor: selected ? 'accent.border' : 'border' })}
                >
                  <Card.Body className={css({ gap: '2' })}>
                    <div className={wrap({ alignItems: 'center', gap: '2' })}>
                      <h3 className={css({ fontWeight: 'semibold' })}>{account.title}</h3>
                      {selected ? <StatusChip tone="accent">Selected</StatusChip> : null}
                    </div>
                    <Text size="sm" tone="muted">
                      Account{' '}
                      <span data-testid="account-id" className={css({ color: 'text', textStyle: 'numeric' })}>
                        {user.account_id}
                      </span>
                      {props.openedAt ? ` · opened ${formatDate(props.openedAt)}` : ''}
                    </Text>
                    <p className={css({ textStyle: 'numeric', fontSize: 'xl', fontWeight: 'semibold' })}>
                      {formatAmount(account.balance, props.currency)}
                    </p>
                    {selected ? null : (
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => props.onSelectAccount(index)}
                        className={css({ justifySelf: 'start' })}
                      >
                        Select
                      </Button>
                    )}
                  </Card.Body>
                </Card.Root>
              </li>
            )
          })}
        </ul>
      </AccountSection>
      <AccountSection title="Live figures" description="At the latest prices, as in the trading workspace.">
        <LiveFigures {...props} />
      </AccountSection>
      <AccountSection
        title="Plan and leverage"
        aside={
          <Button variant="outline" size="sm" onClick={props.onOpenPlans}>
            Compare plans
            <ArrowUpRight size={14} aria-hidden="true" />
          </Button>
        }
      >
        <Text size="sm">
          Plan: <strong data-testid="accounts-plan">{plan?.title ?? 'No plan'}</strong>
          {plan ? ` · default leverage 1:${plan.leverage}` : ''}
        </Text>
        <table className={css({ w: 'full', fontSize: 'sm', borderCollapse: 'collapse' })}>
          <caption className={css({ textAlign: 'start', color: 'text.muted', pb: '2' })}>
            Leverage per asset class
          </caption>
          <thead>
            <tr>
              <th
                scope="col"
                className={css({ textAlign: 'start', py: '1.5', fontWeight: 'medium', color: 'text.muted' })}
              >
                Asset class
              </th>
              <th
                scope="col"
                className={css({ textAlign: 'end', py: '1.5', fontWeight: 'medium', color: 'text.muted' })}
              >
                Leverage
              </th>
            </tr>
          </thead>
          <tbody>
            {ASSET_CLASSES.map((assetClass) => (
              <tr key={assetClass} className={css({ borderTopWidth: '1px', borderColor: 'border.muted' })}>
                <th scope="row" className={css({ textAlign: 'start', py: '1.5', fontWeight: 'normal' })}>
                  {ASSET_CLASS_LABELS[assetClass]}
                </th>
                <td className={css({ textAlign: 'end', py: '1.5', textStyle: 'numeric' })}>
                  1:{props.leverage[assetClass]}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </AccountSection>
    </div>
  )
}
