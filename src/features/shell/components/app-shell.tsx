import { Link } from '@tanstack/react-router'
import { LogOut, Menu } from 'lucide-react'
import { lazy, Suspense, useState, type ReactNode } from 'react'
import { css } from 'styled-system/css'
import { Text } from '../../../components/ui/text'
import { flex } from 'styled-system/patterns'
import { ShellSideBar, ShellTopBar } from '../../../components/shell-frame'
import { Button } from '../../../components/ui/button'
import { NavList, visibleItems } from './nav-list'

// Loaded when the menu is first opened (below 768 px), not with every page of the account area.
const NavDrawer = lazy(() => import('./nav-drawer'))

export interface ShellUser {
  name: string
  email: string
  accountId: string
}

interface AppShellProps {
  siteName: string
  user: ShellUser | null
  hasMarketplace: boolean
  onLogout: () => void
  loggingOut: boolean
  /** Shown in the top bar beside the user, e.g. the live connection's status. */
  status?: ReactNode
  children: ReactNode
}

/** The account area's frame: side menu on desktop, a drawer below 768 px, and the signed-in user's bar. */
export function AppShell(props: AppShellProps) {
  const [drawerOpen, setDrawerOpen] = useState(false)
  // Once opened, the drawer stays mounted, so it can close with its animation and open again at once.
  const [drawerLoaded, setDrawerLoaded] = useState(false)
  const items = visibleItems(props.hasMarketplace)

  return (
    <div className={flex({ minH: '100dvh', bg: 'bg.app' })}>
      <ShellSideBar className={css({ w: '64' })}>
        <Link
          to="/main/dashboard"
          className={css({ display: 'block', px: '3', mb: '6', fontWeight: 'bold', fontSize: 'lg' })}
        >
          {props.siteName}
        </Link>
        <NavList items={items} />
      </ShellSideBar>

      <div className={flex({ flex: '1', minW: '0', flexDir: 'column' })}>
        <ShellTopBar>
          <Button
            variant="ghost"
            size="sm"
            aria-label="Open menu"
            className={css({ display: { base: 'inline-flex', md: 'none' } })}
            onClick={() => {
              setDrawerLoaded(true)
              setDrawerOpen(true)
            }}
          >
            <Menu size={20} aria-hidden="true" />
          </Button>
          <span
            className={css({
              display: { base: 'block', md: 'none' },
              fontWeight: 'bold',
              whiteSpace: 'nowrap',
            })}
          >
            {props.siteName}
          </span>
          <div className={css({ flex: '1' })} />
          {props.status}
          {props.user ? (
            <div
              className={css({
                textAlign: 'right',
                lineHeight: 'tight',
                display: { base: 'none', sm: 'block' },
              })}
            >
              <p className={css({ fontSize: 'sm', fontWeight: 'medium' })}>{props.user.name}</p>
              <Text tone="muted" size="xs">
                {props.user.accountId}
              </Text>
            </div>
          ) : null}
          <Button variant="outline" size="sm" onClick={props.onLogout} loading={props.loggingOut}>
            <LogOut size={16} aria-hidden="true" />
            Logout
          </Button>
        </ShellTopBar>
        <main className={css({ flex: '1', p: { base: '4', md: '8' }, maxW: '72rem', w: 'full' })}>
          {props.children}
        </main>
      </div>

      {drawerLoaded ? (
        <Suspense fallback={null}>
          <NavDrawer open={drawerOpen} onOpenChange={setDrawerOpen} siteName={props.siteName} items={items} />
        </Suspense>
      ) : null}
    </div>
  )
}
