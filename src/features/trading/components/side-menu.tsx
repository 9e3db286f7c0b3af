import { Plus, X } from 'lucide-react'
import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { Box } from 'styled-system/jsx'
import { hstack } from 'styled-system/patterns'
import { Text } from '../../../components/ui/text'
import { menuSectionTitle } from '../../../components/shell-frame'
import { PlanBadge } from '../../../components/plan-badge'
import { Button } from '../../../components/ui/button'
import { SideDrawer } from '../../../components/ui/side-drawer'
import { accountTitle, type User } from '../../../domain/contract/user'
import { formatAmount, type DisplayCurrency } from '../../../domain/format/currency'
import { DepositLink } from './deposit-link'
import { RAIL_ICONS, RAIL_LABELS, RAIL_PANELS, type RailPanel } from './left-rail'

// The workspace's side menu below 768 px (docs/product/trading-workspace.md#left-rail-panels): panels, accounts,
// deposit, the plan badge and the pair list.

export interface SideMenuProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  user: User
  currency: DisplayCurrency
  selectedAccountIndex: number
  onSelectAccount: (index: number) => void
  onOpenPanel: (panel: RailPanel) => void
  pairs: readonly string[]
  activePair: string | null
  onActivatePair: (symbolDisplay: string) => void
  onClosePair: (symbolDisplay: string) => void
  onAddPair: () => void
  /** Set while offline: the id of the element saying why Deposit is shut (decision 0021). */
  depositClosedBy?: string
  /** The Algo Trader list, when the site has the marketplace. */
  algoTrader?: ReactNode
  /** Opens the plans comparison from the plan badge. */
  onOpenPlans?: () => void
}

const sectionTitle = cx(menuSectionTitle, css({ px: '1' }))
const item = hstack({
  gap: '3',
  w: '100%',
  px: '2',
  py: '2',
  rounded: 'control',
  fontSize: 'sm',
  textAlign: 'left',
  cursor: 'pointer',
  _hover: { bg: 'bg.hover' },
  _focusVisible: { focusVisibleRing: 'outside' },
  '&[aria-current=true], &[aria-checked=true]': { bg: 'accent.subtle', fontWeight: 'semibold' },
})

export function SideMenu(props: SideMenuProps) {
  const { user } = props
  const accounts =
    user.accounts.length > 0
      ? user.accounts
      : [{ title: accountTitle(user.account_type?.title ?? null, user.account_id), balance: user.balance }]
  const plan = user.account_type
  return (
    <SideDrawer
      open={props.open}
      onOpenChange={props.onOpenChange}
      title="Workspace"
      // The Algo Trader panel, when the site has a marketplace, heads with the same badge and link.
      headerExtra={
        plan && !props.algoTrader ? <PlanBadge plan={plan} withLeverage onClick={props.onOpenPlans} /> : null
      }
      className={css({ w: 'min(20rem, 88vw)', p: '3' })}
    >
      <Box as="section" mb="4">
        <h3 className={sectionTitle}>Pairs</h3>
        <ul>
          {props.pairs.map((pair) => (
            <li key={pair} className={hstack({ gap: '1' })}>
              <button
                type="button"
                className={item}
                aria-current={pair === props.activePair}
                onClick={() => props.onActivatePair(pair)}
              >
                {pair}
              </button>
              {props.pairs.length > 1 ? (
                <Button
                  variant="ghost"
                  size="xs"
                  iconOnly
                  aria-label={`Close ${pair}`}
                  onClick={() => props.onClosePair(pair)}
                >
                  <X aria-hidden />
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
        <button type="button" className={item} onClick={props.onAddPair}>
          <Plus aria-hidden size={16} /> Add market
        </button>
      </Box>

      <Box as="section" mb="4">
        <h3 className={sectionTitle}>Panels</h3>
        <ul>
          {RAIL_PANELS.map((panel) => {
            const Icon = RAIL_ICONS[panel]
            return (
              <li key={panel}>
                <button type="button" className={item} onClick={() => props.onOpenPanel(panel)}>
                  <Icon aria-hidden size={16} /> {RAIL_LABELS[panel]}
                </button>
              </li>
            )
          })}
        </ul>
      </Box>

      {props.algoTrader ? (
        <Box mb="4" mx="-3" borderBlockWidth="1px" borderColor="border">
          {props.algoTrader}
        </Box>
      ) : null}

      <Box as="section" mb="4">
        <h3 className={sectionTitle}>Accounts</h3>
        <ul role="radiogroup" aria-label="Accounts">
          {accounts.map((account, index) => (
            <li key={`${account.title}-${index}`}>
              <button
                type="button"
                role="radio"
                aria-checked={index === props.selectedAccountIndex}
                className={item}
                onClick={() => props.onSelectAccount(index)}
              >
                <Box as="span" flex="1">
                  {account.title}
                </Box>
                <Text as="span" numeric>
                  {formatAmount(account.balance, props.currency)}
                </Text>
              </button>
            </li>
          ))}
        </ul>
      </Box>

      <DepositLink closedBy={props.depositClosedBy} placement="menu" />
    </SideDrawer>
  )
}
