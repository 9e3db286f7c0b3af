import type { CSSProperties } from 'react'
import { Toaster as Sonner, toast, type ExternalToast, type ToasterProps } from 'sonner'
import { css } from 'styled-system/css'
import { token } from 'styled-system/tokens'

// The app's single toaster, with the spec's defaults (section 9): 4000 ms, at most 3 visible, bottom-right.
// Import `toast` from here (or the ui index), never from 'sonner' directly, so there is one place to change.

export { toast }
export type { ExternalToast, ToasterProps }

// Opaque tints: toasts stack, so a translucent background would show the one beneath.
const tint = (tone: string) =>
  `color-mix(in srgb, ${token.var(`colors.${tone}` as 'colors.gain')} 14%, ${token.var('colors.bg.overlay')})`

// Sonner styles its parts through these variables; set inline on the toaster they beat its built-in dark palette.
const themeVars = {
  '--normal-bg': token.var('colors.bg.overlay'),
  '--normal-bg-hover': token.var('colors.bg.hover'),
  '--normal-border': token.var('colors.border.default'),
  '--normal-border-hover': token.var('colors.border.control'),
  '--normal-text': token.var('colors.text.default'),
  '--success-bg': tint('success'),
  '--success-border': token.var('colors.success.border'),
  '--success-text': token.var('colors.success.default'),
  '--info-bg': tint('accent'),
  '--info-border': token.var('colors.accent.border'),
  '--info-text': token.var('colors.accent.default'),
  '--warning-bg': tint('warning'),
  '--warning-border': token.var('colors.warning.border'),
  '--warning-text': token.var('colors.warning.default'),
  '--error-bg': tint('danger'),
  '--error-border': token.var('colors.danger.border'),
  '--error-text': token.var('colors.danger.default'),
  '--border-radius': token.var('radii.surface'),
  fontFamily: token.var('fonts.body'),
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
