import { LogOut, Menu } from 'lucide-react'
import { lazy, Suspense, useState, type ReactNode } from 'react'
import { css } from 'styled-system/css'
import { Box, Flex } from 'styled-system/jsx'
import { Text } from '../../../components/ui/text'
import { ShellSideBar, ShellSiteName, ShellTopBar } from '../../../components/shell-frame'
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
    <Flex minH="100dvh" bg="bg.app">
      <ShellSideBar className={css({ w: '64' })}>
        <ShellSiteName to="/main/dashboard" siteName={props.siteName} />
        <NavList items={items} />
      </ShellSideBar>

      <Flex flex="1" minW="0" flexDir="column">
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
          <Box as="span" display={{ base: 'block', md: 'none' }} fontWeight="bold" whiteSpace="nowrap">
            {props.siteName}
          </Box>
          <Box flex="1" />
          {props.status}
          {props.user ? (
            <Box textAlign="right" lineHeight="tight" display={{ base: 'none', sm: 'block' }}>
              <Box as="p" fontSize="sm" fontWeight="medium">
                {props.user.name}
              </Box>
              <Text tone="muted" size="xs">
                {props.user.accountId}
              </Text>
            </Box>
          ) : null}
          <Button variant="outline" size="sm" onClick={props.onLogout} loading={props.loggingOut}>
            <LogOut size={16} aria-hidden="true" />
            Logout
          </Button>
        </ShellTopBar>
        <Box as="main" flex="1" p={{ base: '4', md: '8' }} maxW="72rem" w="full">
          {props.children}
        </Box>
      </Flex>

      {drawerLoaded ? (
        <Suspense fallback={null}>
          <NavDrawer open={drawerOpen} onOpenChange={setDrawerOpen} siteName={props.siteName} items={items} />
        </Suspense>
      ) : null}
    </Flex>
  )
}
