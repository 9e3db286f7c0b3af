import { Link, useLocation } from '@tanstack/react-router'
import {
  ClipboardCheck,
  LayoutDashboard,
  LogOut,
  Mail,
  MessagesSquare,
  ScrollText,
  Settings,
  TriangleAlert,
  Users,
} from 'lucide-react'
import type { LucideIcon } from 'lucide-react'
import { useEffect, useRef, type ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { hstack, stack } from 'styled-system/patterns'
import { Box, Flex, VisuallyHidden } from 'styled-system/jsx'
import { ShellSideBar, ShellSiteName, ShellTopBar, shellNavLink } from '../../../components/shell-frame'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'

interface AdminNavItem {
  to: string
  label: string
  icon: LucideIcon
  /** Only the overview is matched exactly; the others stay current on their child pages (/admin/clients/12). */
  exact?: boolean
}

/** The back office's navigation, defined once for the side menu and the phone's tab strip. */
export const ADMIN_NAV_ITEMS: readonly AdminNavItem[] = [
  { to: '/admin', label: 'Overview', icon: LayoutDashboard, exact: true },
  { to: '/admin/clients', label: 'Clients', icon: Users },
  { to: '/admin/requests', label: 'Requests', icon: ClipboardCheck },
  { to: '/admin/chat', label: 'Chat', icon: MessagesSquare },
  { to: '/admin/settings', label: 'Settings', icon: Settings },
  { to: '/admin/audit', label: 'Audit', icon: ScrollText },
  { to: '/admin/outbox', label: 'Outbox', icon: Mail },
]

export interface AdminShellProps {
  siteName: string
  adminName: string
  /** Requests waiting for a decision, beside Requests; undefined while unknown. */
  pendingRequests: number | undefined
  status: ReactNode
  onLogout: () => void
  loggingOut: boolean
  /** The page fills the space below the bar and scrolls inside itself (the chat console). */
  fill: boolean
  /** The site's status is disabled: customers see the maintenance screen, staff get through (say so on every page). */
  siteDisabled: boolean
  children: ReactNode
}

function PendingBadge(props: { count: number | undefined }) {
  if (!props.count) return null
  return (
    <Badge tone="accent" data-testid="pending-requests-count" className={css({ ml: 'auto' })}>
      {props.count}
      <VisuallyHidden as="span"> pending</VisuallyHidden>
    </Badge>
  )
}

// The phone's strip scrolls sideways: a label never wraps.
const navLink = cx(shellNavLink, css({ whiteSpace: 'nowrap' }))

/**
 * The back office's frame (decision 0017): a side menu on desktop, a strip of tabs under the bar on phones (admins
 * move between the queue, a client and the chat all day, so every section is one tap away), and the admin's bar with
 * the connection status and Logout.
 */
export function AdminShell(props: AdminShellProps) {
  // On a phone the strip scrolls sideways: the current section is brought into view (Chat and Audit sit past the
  // right edge of a 390 px screen).
  const strip = useRef<HTMLElement>(null)
  const pathname = useLocation({ select: (location) => location.pathname })
  useEffect(() => {
    const current = strip.current?.querySelector('[aria-current="page"]')
    current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' })
  }, [pathname])
  const links = (compact: boolean) =>
    ADMIN_NAV_ITEMS.map((item) => (
      <Box as="li" key={item.to} flexShrink="0">
        <Link
          to={item.to}
          activeOptions={{ exact: item.exact ?? false }}
          activeProps={{ 'aria-current': 'page' }}
          className={navLink}
        >
          <item.icon size={compact ? 16 : 18} aria-hidden="true" />
          {item.label}
          {item.to === '/admin/requests' ? <PendingBadge count={props.pendingRequests} /> : null}
        </Link>
      </Box>
    ))

  return (
    <Flex minH="100dvh" bg="bg.app" style={props.fill ? { height: '100dvh' } : undefined}>
      <ShellSideBar className={css({ w: '56' })}>
        <ShellSiteName to="/admin" siteName={props.siteName} area="Back office" />
        <nav aria-label="Back office">
          <ul className={stack({ gap: '0.5' })}>{links(false)}</ul>
        </nav>
      </ShellSideBar>

      <Flex flex="1" minW="0" minH="0" flexDir="column">
        <ShellTopBar>
          <Box as="span" display={{ base: 'block', md: 'none' }} fontWeight="bold" truncate>
            {props.siteName}
          </Box>
          <Box flex="1" />
          {props.status}
          <Box
            as="p"
            display={{ base: 'none', sm: 'block' }}
            fontSize="sm"
            fontWeight="medium"
            truncate
            maxW="48"
          >
            {props.adminName}
          </Box>
          <Button variant="outline" size="sm" onClick={props.onLogout} loading={props.loggingOut}>
            <LogOut size={16} aria-hidden="true" />
            Logout
          </Button>
        </ShellTopBar>
        <nav
          ref={strip}
          aria-label="Back office sections"
          className={css({
            display: { base: 'block', md: 'none' },
            flexShrink: 0,
            borderBottomWidth: '1px',
            borderColor: 'border',
            bg: 'bg.surface',
            overflowX: 'auto',
            px: '2',
            py: '1.5',
            // The strip is wider than a phone: its right end fades, so the sections past the edge read as more to
            // scroll to; the list's end padding lets the last one scroll clear of the fade.
            maskImage: 'linear-gradient(to right, #000 calc(100% - 2rem), transparent)',
          })}
        >
          <Flex as="ul" gap="1" pe="6">
            {links(true)}
          </Flex>
        </nav>
        {props.siteDisabled ? (
          <p
            role="status"
            className={hstack({
              flexShrink: 0,
              gap: '2',
              px: { base: '3', md: '6' },
              py: '2',
              fontSize: 'sm',
              bg: 'warning.subtle',
              color: 'text',
              borderBottomWidth: '1px',
              borderColor: 'warning.border',
            })}
          >
            <TriangleAlert
              size={16}
              aria-hidden="true"
              className={css({ color: 'warning', flexShrink: 0 })}
            />
            <span>
              The site is disabled: customers see the maintenance screen.{' '}
              <Link to="/admin/settings" className={css({ textDecoration: 'underline' })}>
                Site settings
              </Link>
            </span>
          </p>
        ) : null}
        {props.fill ? (
          <Flex as="main" flex="1" minH="0" flexDir="column" w="full">
            {props.children}
          </Flex>
        ) : (
          <Box as="main" flex="1" p={{ base: '4', md: '8' }} maxW="80rem" w="full" minW="0">
            {props.children}
          </Box>
        )}
      </Flex>
    </Flex>
  )
}
