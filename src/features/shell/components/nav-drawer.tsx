// The account area's menu below 768 px, as a drawer. Its own module, loaded when the menu is first opened: the Ark
// dialog it is built on (with its portal and locale context, 21 KB gzip) is not needed to show any page.
import { X } from 'lucide-react'
import { css } from 'styled-system/css'
import { Button } from '../../../components/ui/button'
import * as Dialog from '../../../components/ui/dialog'
import type { NavItem } from '../navigation'
import { NavList } from './nav-list'

export default function NavDrawer(props: {
  open: boolean
  onOpenChange: (open: boolean) => void
  siteName: string
  items: NavItem[]
}) {
  return (
    <Dialog.Root open={props.open} onOpenChange={(details) => props.onOpenChange(details.open)}>
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
          <NavList items={props.items} onNavigate={() => props.onOpenChange(false)} />
        </Dialog.Content>
      </Dialog.Positioner>
    </Dialog.Root>
  )
}
