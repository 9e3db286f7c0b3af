import { Popover as ArkPopover } from '@ark-ui/react/popover'
import { X } from 'lucide-react'
import type { ComponentProps } from 'react'
import { popover } from 'styled-system/recipes'
import { LayerPortal } from './layer-portal'
import { createStyleContext } from './style-context'

// A non-modal floating panel anchored to its trigger. Escape or a click outside closes it; focus returns to the
// trigger. The Positioner portals itself (see layer-portal.tsx); pass `portalled={false}` to render in place.

const { withRootProvider, withContext } = createStyleContext(popover)

export const Root = withRootProvider(ArkPopover.Root, 'Popover.Root')
export const Trigger = withContext(ArkPopover.Trigger, 'trigger', 'Popover.Trigger')
export const Anchor = withContext(ArkPopover.Anchor, 'anchor', 'Popover.Anchor')
export const Indicator = withContext(ArkPopover.Indicator, 'indicator', 'Popover.Indicator')
export const Content = withContext(ArkPopover.Content, 'content', 'Popover.Content')
export const Arrow = withContext(ArkPopover.Arrow, 'arrow', 'Popover.Arrow')
export const ArrowTip = withContext(ArkPopover.ArrowTip, 'arrowTip', 'Popover.ArrowTip')
export const Title = withContext(ArkPopover.Title, 'title', 'Popover.Title')
export const Description = withContext(ArkPopover.Description, 'description', 'Popover.Description')
export const Context = ArkPopover.Context

const StyledPositioner = withContext(ArkPopover.Positioner, 'positioner', 'Popover.Positioner')
const StyledCloseTrigger = withContext(ArkPopover.CloseTrigger, 'closeTrigger', 'Popover.CloseTrigger')

export function Positioner({
  portalled = true,
  ...props
}: ComponentProps<typeof StyledPositioner> & { portalled?: boolean }) {
  return (
    <LayerPortal disabled={!portalled}>
      <StyledPositioner {...props} />
    </LayerPortal>
  )
}

/** Without children: the styled ✕ button named 'Close'. With children (`asChild`): behaviour only. */
export function CloseTrigger({ children, ...props }: ComponentProps<typeof StyledCloseTrigger>) {
  if (children !== undefined) return <ArkPopover.CloseTrigger {...props}>{children}</ArkPopover.CloseTrigger>
  return (
    <StyledCloseTrigger aria-label="Close" {...props}>
      <X />
    </StyledCloseTrigger>
  )
}

export type RootProps = ComponentProps<typeof Root>
