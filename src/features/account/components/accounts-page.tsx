import { ArrowUpRight } from 'lucide-react'
import { css } from 'styled-system/css'
import { Box, Stack, styled, Wrap } from 'styled-system/jsx'
import { grid } from 'styled-system/patterns'
import { Button } from '../../../components/ui/button'
import * as Card from '../../../components/ui/card'
import { amountCell, cell, ListTable, row } from '../../../components/ui/list-table'
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

function LiveFigures(props: AccountsPageProps) {
  const summary = useAccountSummary(
    props.store,
    props.openTrades,
    props.user.balance,
    props.user.credit_balance,
  )
  const money = (amountUsd: number) => formatAmount(amountUsd, props.currency)
  const pnl = formatSignedAmount(summary.pnl, props.currency)
  const figures = [
    { name: 'Balance', text: money(summary.balance), testId: 'accounts-balance' },
    { name: 'Equity', text: money(summary.equity), testId: 'accounts-equity' },
    { name: 'Margin', text: money(summary.margin), testId: 'accounts-margin' },
    { name: 'Free margin', text: money(summary.freeMargin), testId: 'accounts-free-margin' },
    { name: 'Margin level', text: summary.marginLevel, testId: 'accounts-margin-level' },
    { name: 'Open P/L', text: pnl, testId: 'accounts-pnl', tone: signTone(pnl) },
  ]
  return (
    <dl
      className={grid({
        gap: '4',
        gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
      })}
    >
      {figures.map((figure) => (
        <Box key={figure.name} minW="0">
          <Box as="dt" fontSize="xs" color="text.muted" textTransform="uppercase" letterSpacing="wide">
            {figure.name}
          </Box>
          <Box as="dd" fontSize="lg" fontWeight="semibold" data-testid={figure.testId}>
            <LiveText text={figure.text} tone={figure.tone} />
          </Box>
        </Box>
      ))}
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
                  <Card.Body>
                    <Stack gap="2">
                      <Wrap alignItems="center" gap="2">
                        <Box as="h3" fontWeight="semibold">
                          {account.title}
                        </Box>
                        {selected ? <StatusChip tone="accent">Selected</StatusChip> : null}
                      </Wrap>
                      <Text size="sm" tone="muted">
                        Account{' '}
                        <Box as="span" data-testid="account-id" color="text" textStyle="numeric">
                          {user.account_id}
                        </Box>
                        {props.openedAt ? ` · opened ${formatDate(props.openedAt)}` : ''}
                      </Text>
                      <Box as="p" textStyle="numeric" fontSize="xl" fontWeight="semibold">
                        {formatAmount(account.balance, props.currency)}
                      </Box>
                      {selected ? null : (
                        <Button variant="outline" size="sm" onClick={() => props.onSelectAccount(index)}>
                          Select
                        </Button>
                      )}
                    </Stack>
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
        <ListTable
          flush
          data-testid="accounts-leverage"
          caption="Leverage per asset class"
          columns={['Asset class', { label: 'Leverage', align: 'end' }]}
        >
          {ASSET_CLASSES.map((assetClass) => (
            <tr key={assetClass} className={row}>
              <styled.th scope="row" className={cell} data-label="Asset class" fontWeight="normal">
                {ASSET_CLASS_LABELS[assetClass]}
              </styled.th>
              <td className={amountCell} data-label="Leverage">
                1:{props.leverage[assetClass]}
              </td>
            </tr>
          ))}
        </ListTable>
      </AccountSection>
    </div>
  )
}
