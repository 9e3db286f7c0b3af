import { Link } from '@tanstack/react-router'
import { ChevronDown, Menu as MenuIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { Text } from '../../../components/ui/text'
import { Box, Flex } from 'styled-system/jsx'
import { hstack } from 'styled-system/patterns'
import { PlanBadge } from '../../../components/plan-badge'
import { Button } from '../../../components/ui/button'
import * as Menu from '../../../components/ui/menu'
import { accountTitle, type User } from '../../../domain/contract/user'
import { formatAmount, type DisplayCurrency } from '../../../domain/format/currency'
import { DepositLink } from './deposit-link'

// The workspace header (docs/product/trading-workspace.md#header): open-pair tabs, a deposit link, the balance
// dropdown (accounts with title and balance; currency choice) and the profile menu (Profile, Account Details,
// Settings, Logout). Below 768 px the tabs move into the side menu and a menu button opens it.

export interface WorkspaceHeaderProps {
  siteName: string
  user: User
  balanceUsd: number
  currency: DisplayCurrency
  currencies: readonly DisplayCurrency[]
  onCurrencyChange: (code: string) => void
  selectedAccountIndex: number
  onSelectAccount: (index: number) => void
  onNavigate: (to: '/main/dashboard' | '/main/accounts' | '/main/settings') => void
  onLogout: () => void
  onOpenSideMenu: () => void
  /** Opens the plans comparison from the plan badge (desktop; the side menu has its own). */
  onOpenPlans?: () => void
  /** The open-pair tabs (desktop only). */
  tabs: ReactNode
  /** The live connection's status. */
  status: ReactNode
  /** Set while offline: the id of the element saying why Deposit is shut (decision 0021). */
  depositClosedBy?: string
}

const initials = (user: User) =>
  `${user.first_name.charAt(0)}${user.last_name.charAt(0)}`.toUpperCase() ||
  user.email.charAt(0).toUpperCase()

export function WorkspaceHeader(props: WorkspaceHeaderProps) {
  const { user } = props
  return (
    <header
      className={hstack({
        gap: { base: '2', md: '3' },
        px: { base: '2', md: '3' },
        h: '12',
        borderBottomWidth: '1px',
        borderColor: 'border',
        bg: 'bg.surface',
        minW: '0',
      })}
    >
      <Button
        variant="ghost"
        size="sm"
        iconOnly
        aria-label="Open menu"
        onClick={props.onOpenSideMenu}
        className={css({ display: { md: 'none' } })}
      >
        <MenuIcon aria-hidden />
      </Button>
      <Link
        to="/main/dashboard"
        className={css({
          fontWeight: 'bold',
          whiteSpace: 'nowrap',
          _focusVisible: { focusVisibleRing: 'outside' },
          display: { base: 'none', md: 'block' },
        })}
      >
        {props.siteName}
      </Link>
      <Box flex="1" minW="0" display={{ base: 'none', md: 'block' }}>
        {props.tabs}
      </Box>
      <Box flex={{ base: '1', md: '0' }} />
      {props.status}
      {user.account_type && props.onOpenPlans ? (
        <PlanBadge plan={user.account_type} onClick={props.onOpenPlans} fromMd />
      ) : null}
      <DepositLink closedBy={props.depositClosedBy} placement="header" />
      {/* Both menus render their items only while open: /mt4's first render is a phone's longest task
          (docs/decisions/0043-the-signed-in-start-on-a-phone.md). */}
      <Menu.Root lazyMount unmountOnExit>
        <Menu.Trigger asChild>
          <Button
            variant="outline"
            size="sm"
            aria-label={`Balance ${formatAmount(props.balanceUsd, props.currency)}`}
          >
            <Flex as="span" flexDir="column" alignItems="flex-start" lineHeight="1.1">
              <Box as="span" fontSize="2xs" color="text.muted" display={{ base: 'none', md: 'block' }}>
                Balance
              </Box>
              <Text as="span" numeric data-testid="header-balance">
                {formatAmount(props.balanceUsd, props.currency)}
              </Text>
            </Flex>
            <ChevronDown aria-hidden />
          </Button>
        </Menu.Trigger>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.RadioItemGroup
              value={String(props.selectedAccountIndex)}
              onValueChange={(details) => props.onSelectAccount(Number(details.value))}
            >
              <Menu.ItemGroupLabel>Accounts</Menu.ItemGroupLabel>
              {(user.accounts.length > 0
                ? user.accounts
                : [
                    {
                      title: accountTitle(user.account_type?.title ?? null, user.account_id),
                      balance: props.balanceUsd,
                    },
                  ]
              ).map((account, index) => (
                <Menu.RadioItem key={`${account.title}-${index}`} value={String(index)}>
                  <Menu.ItemText>
                    {account.title} · {formatAmount(account.balance, props.currency)}
                  </Menu.ItemText>
                  <Menu.ItemIndicator>✓</Menu.ItemIndicator>
                </Menu.RadioItem>
              ))}
            </Menu.RadioItemGroup>
            <Menu.Separator />
            <Menu.RadioItemGroup
              value={props.currency.code}
              onValueChange={(details) => props.onCurrencyChange(details.value)}
            >
              <Menu.ItemGroupLabel>Currency</Menu.ItemGroupLabel>
              {props.currencies.map((currency) => (
                <Menu.RadioItem key={currency.code} value={currency.code}>
                  <Menu.ItemText>
                    {currency.code} ({currency.symbol})
                  </Menu.ItemText>
                  <Menu.ItemIndicator>✓</Menu.ItemIndicator>
                </Menu.RadioItem>
              ))}
            </Menu.RadioItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Menu.Root>
      <Menu.Root
        lazyMount
        unmountOnExit
        onSelect={(details) => {
          if (details.value === 'logout') props.onLogout()
          else if (details.value === 'profile') props.onNavigate('/main/dashboard')
          else if (details.value === 'accounts') props.onNavigate('/main/accounts')
          else if (details.value === 'settings') props.onNavigate('/main/settings')
        }}
      >
        <Menu.Trigger asChild>
          <Button variant="ghost" size="sm" iconOnly aria-label={`Profile menu for ${user.name}`}>
            {/* The initials are drawn, not written: text inside the button that its name lacks would not match
                what speech input users say (axe's label-content-name-mismatch, decision 0041). */}
            <Box
              as="span"
              aria-hidden
              data-initials={initials(user)}
              display="grid"
              placeItems="center"
              w="7"
              h="7"
              rounded="full"
              bg="accent.subtle"
              fontSize="xs"
              fontWeight="bold"
              _before={{ content: 'attr(data-initials)' }}
            />
          </Button>
        </Menu.Trigger>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel>
                {user.name} · {user.account_id}
              </Menu.ItemGroupLabel>
              <Menu.Item value="profile">Profile</Menu.Item>
              <Menu.Item value="accounts">Account Details</Menu.Item>
              <Menu.Item value="settings">Settings</Menu.Item>
              <Menu.Separator />
              <Menu.Item value="logout">Logout</Menu.Item>
            </Menu.ItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Menu.Root>
    </header>
  )
}
