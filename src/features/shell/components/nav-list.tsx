// The account area's menu: its sections and links, in the desktop side bar and in the mobile drawer.
import { Link } from '@tanstack/react-router'
import { Box } from 'styled-system/jsx'
import { menuSectionTitle, shellNavLink } from '../../../components/shell-frame'
import { NAV_ITEMS, NAV_SECTIONS, type NavItem } from '../navigation'

export const visibleItems = (hasMarketplace: boolean): NavItem[] =>
  NAV_ITEMS.filter((item) => item.requires !== 'marketplace' || hasMarketplace)

export function NavList(props: { items: NavItem[]; onNavigate?: () => void }) {
  return (
    <nav aria-label="Main">
      {NAV_SECTIONS.map((section) => {
        const items = props.items.filter((item) => item.section === section)
        if (items.length === 0) return null
        return (
          <Box key={section} mb="5">
            <Box as="p" className={menuSectionTitle} px="3">
              {section}
            </Box>
            <ul>
              {items.map((item) => (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    onClick={props.onNavigate}
                    activeProps={{ 'aria-current': 'page' }}
                    className={shellNavLink}
                  >
                    <item.icon size={18} aria-hidden="true" />
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </Box>
        )
      })}
    </nav>
  )
}
