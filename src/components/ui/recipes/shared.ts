import type { SystemStyleObject } from '@pandacss/dev'

/** The surface of every floating layer: popover, menu, select list. */
export const floatingSurface: SystemStyleObject = {
  bg: 'bg.overlay',
  color: 'text.default',
  borderWidth: '1px',
  borderColor: 'border.default',
  rounded: 'surface',
  boxShadow: 'overlay',
  outline: 'none',
  '--arrow-size': '10px',
  '--arrow-background': '{colors.bg.overlay}',
  _open: { animation: 'scaleIn 120ms ease-out' },
  _closed: { animation: 'fadeOut 100ms ease-in' },
}

/** A row in a menu or select list; highlighted = keyboard or pointer focus. */
export const listItem: SystemStyleObject = {
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  minH: '9',
  px: '2.5',
  py: '1.5',
  rounded: 'control',
  fontSize: 'sm',
  color: 'text.default',
  cursor: 'pointer',
  userSelect: 'none',
  outline: 'none',
  '& svg': { w: '4', h: '4', flexShrink: 0 },
  _highlighted: { bg: 'bg.hover' },
  _disabled: { opacity: 0.5, cursor: 'not-allowed' },
}

export const groupLabel: SystemStyleObject = {
  px: '2.5',
  pt: '2',
  pb: '1',
  fontSize: 'xs',
  fontWeight: 'semibold',
  letterSpacing: '0.04em',
  textTransform: 'uppercase',
  color: 'text.muted',
}
