// Where floating layers (popover, menu, select) render. Outside a dialog: document.body, so no overflow:hidden
// ancestor clips them. Inside a dialog: the dialog's content, because the dialog traps focus and would pull it back
// from a layer portalled elsewhere (chakra-ui/ark#3227).
import { Portal } from '@ark-ui/react/portal'
import { createContext, useContext, type ReactNode, type RefObject } from 'react'

const LayerContainerContext = createContext<RefObject<HTMLElement | null> | null>(null)

export function LayerContainerProvider(props: {
  container: RefObject<HTMLElement | null>
  children: ReactNode
}) {
  return (
    <LayerContainerContext.Provider value={props.container}>{props.children}</LayerContainerContext.Provider>
  )
}

export function LayerPortal(props: { children: ReactNode; disabled?: boolean | undefined }) {
  const container = useContext(LayerContainerContext)
  return (
    <Portal disabled={props.disabled} container={container ?? undefined}>
      {props.children}
    </Portal>
  )
}
