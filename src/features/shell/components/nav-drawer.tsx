// The account area's menu below 768 px, as a drawer. Its own module, loaded when the menu is first opened: the Ark
// dialog it is built on (with its portal and locale context, 21 KB gzip) is not needed to show any page.
import { css } from 'styled-system/css'
import { SideDrawer } from '../../../components/ui/side-drawer'
import type { NavItem } from '../navigation'
import { NavList } from './nav-list'

export default function NavDrawer(props: {
  open: boolean
  onOpenChange: (open: boolean) => void
  siteName: string
  items: NavItem[]
}) {
  return (
    <SideDrawer
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={props.siteName}
      className={css({ w: '72', maxW: '85vw', p: '4' })}
    >
      <NavList items={props.items} onNavigate={() => props.onOpenChange(false)} />
    </SideDrawer>
  )
}
