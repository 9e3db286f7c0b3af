import type { ComponentProps, FormEvent, ReactNode } from 'react'
import { cx } from 'styled-system/css'
import { grid } from 'styled-system/patterns'
import { Button } from './button'
import * as Dialog from './dialog'

// A ready-made dialog for the common case: controlled open state, a title that names the dialog, the ✕ button, and
// content that mounts on open and unmounts on close, so each opening starts from fresh defaults and prices. The
// workspace's and the marketplace's dialogs are all built on it. A dialog that holds one form puts a
// DialogFrameForm in it: the fields and the footer's buttons inside one <form>, so its submit button submits it.

export interface DialogFrameProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: ReactNode
  description?: ReactNode
  size?: 'sm' | 'md' | 'lg'
  children: ReactNode
  /** Buttons under the body; omitted when the body holds its own form and buttons (a DialogFrameForm). */
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

/**
 * A dialog's Cancel: the outline button in its footer that closes it and does nothing else. Its words are 'Cancel'
 * unless the dialog says otherwise ('Keep order'); `disabled` while the dialog's action is in flight, where it asks.
 */
export function DialogCancel(props: { children?: ReactNode; disabled?: boolean }) {
  return (
    <Dialog.CloseTrigger asChild>
      <Button variant="outline" disabled={props.disabled}>
        {props.children ?? 'Cancel'}
      </Button>
    </Dialog.CloseTrigger>
  )
}

export interface DialogFrameFormProps extends Omit<ComponentProps<'form'>, 'onSubmit' | 'children'> {
  /** react-hook-form's `handleSubmit(...)`, typically; a promise it returns is not awaited. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => unknown
  /** The dialog's buttons (Cancel, the submit button), set as DialogFrame's footer is, inside the form. */
  footer: ReactNode
  /** The fields. */
  children: ReactNode
}

/**
 * The body of a DialogFrame that holds one form: the fields, then the footer's buttons, all in a `<form noValidate>`
 * (the schema speaks, not the browser), so a `type="submit"` button in the footer submits it and Enter in a field
 * does too. It is the dialog's content component, mounted with the dialog, so its form starts afresh each opening.
 */
export function DialogFrameForm({ onSubmit, footer, children, className, ...rest }: DialogFrameFormProps) {
  return (
    <form
      noValidate
      {...rest}
      onSubmit={(event) => void onSubmit(event)}
      className={cx(grid({ gap: '4' }), className)}
    >
      {children}
      <Dialog.Footer>{footer}</Dialog.Footer>
    </form>
  )
}
