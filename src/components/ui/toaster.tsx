import type { CSSProperties } from 'react'
import { Toaster as Sonner, toast, type ExternalToast, type ToasterProps } from 'sonner'
import { css } from 'styled-system/css'
import { toasterDemand } from './toaster-demand'

// The app's single toaster, with the defaults of docs/product/site-and-gates.md#toasts-and-alert-boxes: 4000 ms, at
// most 3 visible, bottom-right. Features toast through ./toast, which loads this module on the first toast; never
// from 'sonner' directly, so there is one place to change.

export { toast }
export type { ExternalToast, ToasterProps }

// Whoever imports this module can toast: the root mounts the toaster from now on (see toaster-demand.ts).
toasterDemand.request()

// A token's CSS variable, as Panda's `token.var` names it; not `token` itself, whose table of every token
// (~60 KB) would come along with the toaster.
const tokenVar = (path: string) => `var(--${path.replaceAll('.', '-')})`

// Opaque tints: toasts stack, so a translucent background would show the one beneath.
const tint = (tone: string) =>
  `color-mix(in srgb, ${tokenVar(`colors.${tone}`)} 14%, ${tokenVar('colors.bg.overlay')})`

// Sonner styles its parts through these variables; set inline on the toaster they beat its built-in dark palette.
const themeVars = {
  '--normal-bg': tokenVar('colors.bg.overlay'),
  '--normal-bg-hover': tokenVar('colors.bg.hover'),
  '--normal-border': tokenVar('colors.border.default'),
  '--normal-border-hover': tokenVar('colors.border.control'),
  '--normal-text': tokenVar('colors.text.default'),
  '--success-bg': tint('success'),
  '--success-border': tokenVar('colors.success.border'),
  '--success-text': tokenVar('colors.success.default'),
  '--info-bg': tint('accent'),
  '--info-border': tokenVar('colors.accent.border'),
  '--info-text': tokenVar('colors.accent.default'),
  '--warning-bg': tint('warning'),
  '--warning-border': tokenVar('colors.warning.border'),
  '--warning-text': tokenVar('colors.warning.default'),
  '--error-bg': tint('danger'),
  '--error-border': tokenVar('colors.danger.border'),
  '--error-text': tokenVar('colors.danger.default'),
  '--border-radius': tokenVar('radii.surface'),
  fontFamily: tokenVar('fonts.body'),
} as CSSProperties

// Sonner's stylesheet is unlayered, so it beats anything in Panda's layers: the focus rings need !important.
const focusRing = { outline: '2px solid {colors.focusRing} !important', outlineOffset: '2px !important' }
const classNames = {
  toast: css({ fontSize: 'sm !important', _focusVisible: focusRing }),
  closeButton: css({ _focusVisible: focusRing }),
  actionButton: css({ _focusVisible: focusRing }),
  cancelButton: css({ _focusVisible: focusRing }),
}

export function Toaster({ style, toastOptions, ...props }: ToasterProps) {
  return (
    <Sonner
      position="bottom-right"
      duration={4000}
      visibleToasts={3}
      theme="dark"
      richColors
      closeButton
      style={{ ...themeVars, ...style }}
      toastOptions={{ ...toastOptions, classNames: { ...classNames, ...toastOptions?.classNames } }}
      {...props}
    />
  )
}
