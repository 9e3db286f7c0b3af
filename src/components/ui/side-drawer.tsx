// A menu that slides over the page from the left edge, the whole height of the screen, below 768 px: the account
// area's menu and the workspace's side menu. A modal dialog (focus trapped, Escape and the backdrop close it, focus
// back to the button that opened it), headed by its title, whatever the caller adds beside it, and 'Close menu'.
import { X } from 'lucide-react'
import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { Button } from './button'
import * as Dialog from './dialog'

const positioner = css({ justifyContent: 'flex-start', alignItems: 'stretch', p: '0' })
// The whole height: the dialog recipe's 92dvh cap is for bottom sheets (decision 0022: the menu stopped short).
const panel = css({ h: '100dvh', maxH: '100dvh', rounded: '0', overflowY: 'auto' })
const header = css({ display: 'flex', alignItems: 'center', gap: '2', mb: '3' })

export function SideDrawer(props: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: ReactNode
  /** Beside the title, before Close menu (the workspace's plan badge). */
  headerExtra?: ReactNode
  /** The panel's width and padding, e.g. `css({ w: '72', maxW: '85vw', p: '4' })`. */
  className: string
  children: ReactNode
}) {
  return (
    <Dialog.Root open={props.open} onOpenChange={(details) => props.onOpenChange(details.open)}>
      <Dialog.Backdrop />
      <Dialog.Positioner className={positioner}>
        <Dialog.Content className={cx(panel, props.className)}>
          <div className={header}>
            <Dialog.Title className={css({ flex: '1', fontWeight: 'bold' })}>{props.title}</Dialog.Title>
            {props.headerExtra}
            <Dialog.CloseTrigger asChild>
              <Button variant="ghost" size="sm" iconOnly aria-label="Close menu">
                <X size={18} aria-hidden="true" />
              </Button>
            </Dialog.CloseTrigger>
          </div>
          {props.children}
        </Dialog.Content>
      </Dialog.Positioner>
    </Dialog.Root>
  )
}
