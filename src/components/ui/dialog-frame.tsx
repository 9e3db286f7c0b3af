import type { ReactNode } from 'react'
import * as Dialog from './dialog'

// A ready-made dialog for the common case: controlled open state, a title that names the dialog, the ✕ button, and
// content that mounts on open and unmounts on close, so each opening starts from fresh defaults and prices. The
// workspace's and the marketplace's dialogs are all built on it.

export interface DialogFrameProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: ReactNode
  description?: ReactNode
  size?: 'sm' | 'md' | 'lg'
  children: ReactNode
  /** Buttons under the body; omitted when the body holds its own form and buttons. */
  footer?: ReactNode
}

export function DialogFrame(props: DialogFrameProps) {
  return (
    <Dialog.Root
      open={props.open}
      onOpenChange={(details) => props.onOpenChange(details.open)}
      size={props.size ?? 'md'}
      lazyMount
      unmountOnExit
    >
      <Dialog.Backdrop />
      <Dialog.Positioner>
        <Dialog.Content>
          <Dialog.Header>
            <Dialog.Title>{props.title}</Dialog.Title>
            {props.description ? <Dialog.Description>{props.description}</Dialog.Description> : null}
          </Dialog.Header>
          <Dialog.Body>{props.children}</Dialog.Body>
          {props.footer ? <Dialog.Footer>{props.footer}</Dialog.Footer> : null}
          <Dialog.CloseTrigger />
        </Dialog.Content>
      </Dialog.Positioner>
    </Dialog.Root>
  )
}
