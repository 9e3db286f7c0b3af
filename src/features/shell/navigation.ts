// The account area's navigation, defined once: the side menu, the mobile drawer and every page's breadcrumb
// read from here, so a page always knows its place.
import type { LucideIcon } from 'lucide-react'
import {
  ArrowDownToLine,
  ArrowUpFromLine,
  BadgeCheck,
  CandlestickChart,
  FlaskConical,
  LayoutDashboard,
  MessagesSquare,
  PiggyBank,
  ReceiptText,
  Settings,
  Store,
  User,
  Wallet,
} from 'lucide-react'

export interface NavItem {
  to: string
  label: string
  section: 'Overview' | 'Funds' | 'Account' | 'Trading' | 'Support'
  icon: LucideIcon
  /** Hidden from the menu unless the site turns the feature on. */
  requires?: 'marketplace'
}

export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/main/dashboard', label: 'Dashboard', section: 'Overview', icon: LayoutDashboard },
  { to: '/mt4', label: 'Trading workspace', section: 'Trading', icon: CandlestickChart },
  { to: '/main/marketplace', label: 'Marketplace', section: 'Trading', icon: Store, requires: 'marketplace' },
  { to: '/main/deposit', label: 'Deposit', section: 'Funds', icon: ArrowDownToLine },
  { to: '/main/withdrawal', label: 'Withdrawal', section: 'Funds', icon: ArrowUpFromLine },
  { to: '/main/savings', label: 'Savings', section: 'Funds', icon: PiggyBank },
  { to: '/main/transactions', label: 'Transactions', section: 'Funds', icon: ReceiptText },
  { to: '/main/personal', label: 'Personal information', section: 'Account', icon: User },
  { to: '/main/accounts', label: 'Account details', section: 'Account', icon: Wallet },
  { to: '/main/verification', label: 'Verification', section: 'Account', icon: BadgeCheck },
  { to: '/main/settings', label: 'Settings', section: 'Account', icon: Settings },
  { to: '/main/test', label: 'Test', section: 'Account', icon: FlaskConical },
  { to: '/main/chat', label: 'Support chat', section: 'Support', icon: MessagesSquare },
] as const

export const NAV_SECTIONS = ['Overview', 'Trading', 'Funds', 'Account', 'Support'] as const
