import { Link } from '@tanstack/react-router'
import { LogOut, Menu, X } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { css } from 'styled-system/css'
import { Button } from '../../../components/ui/button'
import * as Dialog from '../../../components/ui/dialog'
import { NAV_ITEMS, NAV_SECTIONS, type NavItem } from '../navigation'

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

const visibleItems = (hasMarketplace: boolean): NavItem[] =>
  NAV_ITEMS.filter((item) => item.requires !== 'marketplace' || hasMarketplace)

function NavList(props: { items: NavItem[]; onNavigate?: () => void }) {
  return (
    <nav aria-label="Main">
      {NAV_SECTIONS.map((section) => {
        const items = props.items.filter((item) => item.section === section)
        if (items.length === 0) return null
        return (
          <div key={section} className={css({ mb: '5' })}>
            <p
              className={css({
                px: '3',
                mb: '1',
                fontSize: 'xs',
                fontWeight: 'semibold',
                textTransform: 'uppercase',
                letterSpacing: 'wider',
                color: 'text.muted',
              })}
            >
              {section}
            </p>
            <ul>
              {items.map((item) => (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    onClick={props.onNavigate}
                    activeProps={{ 'aria-current': 'page' }}
                    className={css({
                      display: 'flex',
                      alignItems: 'center',
                      gap: '3',
                      px: '3',
                      py: '2',
                      rounded: 'md',
                      fontSize: 'sm',
                      color: 'text.muted',
                      _hover: { bg: 'bg.raised', color: 'text' },
                      '&[aria-current=page]': { bg: 'accent.subtle', color: 'text', fontWeight: 'medium' },
                    })}
                  >
                    <item.icon size={18} aria-hidden="true" />
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        )
      })}
    </nav>
  )
}

/** The account area's frame: side menu on desktop, a drawer below 768 px, and the signed-in user's bar. */
export function AppShell(props: AppShellProps) {
  const [drawerOpen, setDrawerOpen] = useState(false)
  const items = visibleItems(props.hasMarketplace)

  return (
    <div className={css({ minH: '100dvh', display: 'flex', bg: 'bg.app' })}>
      <aside
        className={css({
          display: { base: 'none', md: 'block' },
          w: '64',
          flexShrink: 0,
          borderRightWidth: '1px',
          borderColor: 'border',
          bg: 'bg.surface',
          p: '4',
          position: 'sticky',
          top: '0',
          h: '100dvh',
          overflowY: 'auto',
        })}
      >
        <Link
          to="/main/dashboard"
          className={css({ display: 'block', px: '3', mb: '6', fontWeight: 'bold', fontSize: 'lg' })}
        >
          {props.siteName}
        </Link>
        <NavList items={items} />
      </aside>

      <div className={css({ flex: '1', minW: '0', display: 'flex', flexDir: 'column' })}>
        <header
          className={css({
            h: '14',
            px: { base: '3', md: '6' },
            display: 'flex',
            alignItems: 'center',
            gap: '3',
            borderBottomWidth: '1px',
            borderColor: 'border',
            bg: 'bg.surface',
            position: 'sticky',
            top: '0',
            zIndex: 'docked',
          })}
        >
          <Button
            variant="ghost"
            size="sm"
            aria-label="Open menu"
            className={css({ display: { base: 'inline-flex', md: 'none' } })}
            onClick={() => setDrawerOpen(true)}
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
              <p className={css({ fontSize: 'xs', color: 'text.muted' })}>{props.user.accountId}</p>
            </div>
          ) : null}
          <Button variant="outline" size="sm" onClick={props.onLogout} loading={props.loggingOut}>
            <LogOut size={16} aria-hidden="true" />
            Logout
          </Button>
        </header>
        <main className={css({ flex: '1', p: { base: '4', md: '8' }, maxW: '72rem', w: 'full' })}>
          {props.children}
        </main>
      </div>

      <Dialog.Root open={drawerOpen} onOpenChange={(details) => setDrawerOpen(details.open)}>
        <Dialog.Backdrop />
        <Dialog.Positioner className={css({ justifyContent: 'flex-start', alignItems: 'stretch', p: '0' })}>
          <Dialog.Content
            // The whole height: the dialog recipe's 92dvh cap is for bottom sheets (issue 17: the menu stopped short).
            className={css({
              w: '72',
              maxW: '85vw',
              h: '100dvh',
              maxH: '100dvh',
              rounded: '0',
              p: '4',
              overflowY: 'auto',
            })}
          >
            <div className={css({ display: 'flex', alignItems: 'center', mb: '4' })}>
              <Dialog.Title className={css({ flex: '1', fontWeight: 'bold' })}>{props.siteName}</Dialog.Title>
              <Dialog.CloseTrigger asChild>
                <Button variant="ghost" size="sm" aria-label="Close menu">
                  <X size={18} aria-hidden="true" />
                </Button>
              </Dialog.CloseTrigger>
            </div>
            <NavList items={items} onNavigate={() => setDrawerOpen(false)} />
          </Dialog.Content>
        </Dialog.Positioner>
      </Dialog.Root>
    </div>
  )
}
