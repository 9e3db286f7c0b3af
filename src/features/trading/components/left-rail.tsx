import { BarChart3, CalendarDays, History, ListOrdered, MessagesSquare, Newspaper } from 'lucide-react'
import type { ComponentType } from 'react'
import { Box } from 'styled-system/jsx'
import { stack } from 'styled-system/patterns'

// The left rail (docs/product/trading-workspace.md#positions-drawer): Trade Room, Market Watch, Active Orders,
// Trading History, Calendar, Market News. Each opens its panel beside the chart; pressing the open one again closes
// it.

export const RAIL_PANELS = [
  'trade-room',
  'market-watch',
  'active-orders',
  'trading-history',
  'calendar',
  'market-news',
] as const
export type RailPanel = (typeof RAIL_PANELS)[number]

export const RAIL_LABELS: Record<RailPanel, string> = {
  'trade-room': 'Trade Room',
  'market-watch': 'Market Watch',
  'active-orders': 'Active Orders',
  'trading-history': 'Trading History',
  calendar: 'Calendar',
  'market-news': 'Market News',
}

export const RAIL_ICONS: Record<RailPanel, ComponentType<{ 'aria-hidden'?: boolean; size?: number }>> = {
  'trade-room': MessagesSquare,
  'market-watch': BarChart3,
  'active-orders': ListOrdered,
  'trading-history': History,
  calendar: CalendarDays,
  'market-news': Newspaper,
}

export function LeftRail(props: { active: RailPanel | null; onToggle: (panel: RailPanel) => void }) {
  return (
    <Box
      as="nav"
      aria-label="Workspace panels"
      display={{ base: 'none', md: 'flex' }}
      flexDir="column"
      gap="1"
      py="2"
      w="4.5rem"
      borderRightWidth="1px"
      borderColor="border"
      bg="bg.surface"
    >
      {RAIL_PANELS.map((panel) => {
        const Icon = RAIL_ICONS[panel]
        return (
          <button
            key={panel}
            type="button"
            aria-pressed={props.active === panel}
            onClick={() => props.onToggle(panel)}
            className={stack({
              alignItems: 'center',
              gap: '1',
              py: '2',
              mx: '1',
              rounded: 'control',
              fontSize: '2xs',
              lineHeight: '1.1',
              textAlign: 'center',
              color: 'text.muted',
              cursor: 'pointer',
              _hover: { bg: 'bg.hover', color: 'text' },
              _pressed: { bg: 'accent.subtle', color: 'text', fontWeight: 'semibold' },
              _focusVisible: { focusVisibleRing: 'outside' },
            })}
          >
            <Icon aria-hidden size={18} />
            {RAIL_LABELS[panel]}
          </button>
        )
      })}
    </Box>
  )
}
