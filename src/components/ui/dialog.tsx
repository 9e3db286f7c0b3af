import { Dialog as ArkDialog } from '@ark-ui/react/dialog'
import { Portal } from '@ark-ui/react/portal'
import { X } from 'lucide-react'
import { useCallback, useRef, type ComponentProps, type Ref } from 'react'
import { dialog } from 'styled-system/recipes'
import { LayerContainerProvider } from './layer-portal'
import { createStyleContext } from './style-context'

// A modal dialog: focus moves in and is trapped, Escape and a click outside close it, focus returns to the trigger.
// Backdrop and Positioner portal themselves to document.body.

const { withRootProvider, withContext } = createStyleContext(dialog)

export const Root = withRootProvider(ArkDialog.Root, 'Dialog.Root')
export const Trigger = withContext(ArkDialog.Trigger, 'trigger', 'Dialog.Trigger')
export const Title = withContext(ArkDialog.Title, 'title', 'Dialog.Title')
export const Description = withContext(ArkDialog.Description, 'description', 'Dialog.Description')
export const Header = withContext('div', 'header', 'Dialog.Header')
export const Body = withContext('div', 'body', 'Dialog.Body')
export const Footer = withContext('div', 'footer', 'Dialog.Footer')
export const Context = ArkDialog.Context

const StyledBackdrop = withContext(ArkDialog.Backdrop, 'backdrop', 'Dialog.Backdrop')
const StyledPositioner = withContext(ArkDialog.Positioner, 'positioner', 'Dialog.Positioner')
const StyledContent = withContext(ArkDialog.Content, 'content', 'Dialog.Content')
const StyledCloseTrigger = withContext(ArkDialog.CloseTrigger, 'closeTrigger', 'Dialog.CloseTrigger')

export function Backdrop(props: ComponentProps<typeof StyledBackdrop>) {
  return (
    <Portal>
      <StyledBackdrop {...props} />
    </Portal>
  )
}

export function Positioner(props: ComponentProps<typeof StyledPositioner>) {
  return (
    <Portal>
      <StyledPositioner {...props} />
    </Portal>
  )
}

/** The dialog surface; popovers, menus and selects inside it portal into it so the focus trap keeps them. */
export function Content({ ref, ...props }: ComponentProps<typeof StyledContent>) {
  const container = useRef<HTMLDivElement | null>(null)
  const setRefs = useCallback(
    (node: HTMLDivElement | null) => {
      container.current = node
      assignRef(ref, node)
    },
    [ref],
  )
  return (
    <LayerContainerProvider container={container}>
      <StyledContent ref={setRefs} {...props} />
    </LayerContainerProvider>
  )
}

/**
 * Closes the dialog. Without children: the styled top-right ✕ button named 'Close'. With children (usually
 * `asChild` around a Button): behaviour only, the child keeps its own look.
 */
export function CloseTrigger({ children, ...props }: ComponentProps<typeof StyledCloseTrigger>) {
  if (children !== undefined) return <ArkDialog.CloseTrigger {...props}>{children}</ArkDialog.CloseTrigger>
  return (
    <StyledCloseTrigger aria-label="Close" {...props}>
      <X />
    </StyledCloseTrigger>
  )
}

function assignRef<T>(ref: Ref<T> | undefined, value: T) {
  if (typeof ref === 'function') ref(value)
  else if (ref) ref.current = value
}

export type RootProps = ComponentProps<typeof Root>
export type ContentProps = ComponentProps<typeof Content>
