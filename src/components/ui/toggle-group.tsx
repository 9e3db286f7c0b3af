import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { button } from 'styled-system/recipes'

// A row of toggle buttons of which exactly one is pressed: a named group (role="group") of <button aria-pressed>,
// each its own Tab stop, Enter or Space presses it. It is not a SegmentGroup (a radio group: one Tab stop, the arrow
// keys choose): use it where each choice is a button of its own (the chart's timeframes, a list's asset-type filter,
// the market watch's All / Watchlist). The pressed button differs in fill and weight as well as colour, so colour is
// never the only signal. Its classes are computed once, here: the workspace renders these on its first screen
// (decision 0040).
//
// Looks (`variant`): `ghost`, small ghost buttons side by side; `chips`, outlined pills in a row that scrolls sideways
// rather than wrap; `enclosed`, a track holding the buttons, the pressed one raised.

const groups = {
  ghost: css({ display: 'flex', gap: '1' }),
  chips: css({ display: 'flex', gap: '2', overflowX: 'auto', scrollbarWidth: 'none', pb: '1' }),
  enclosed: css({
    display: 'flex',
    gap: '0.5',
    p: '0.5',
    bg: 'bg.app',
    rounded: 'control',
    borderWidth: '1px',
    borderColor: 'border',
  }),
}

// With wrap the row never overflows, so the chips' sideways scroll never starts.
const wrapping = css({ flexWrap: 'wrap' })

const items = {
  ghost: cx(
    button({ size: 'sm', variant: 'ghost' }),
    css({
      px: '2',
      color: 'text.muted',
      '&[aria-pressed=true]': { bg: 'bg.hover', color: 'text', fontWeight: 'semibold' },
    }),
  ),
  chips: css({
    flexShrink: 0,
    h: '7',
    px: '3',
    rounded: 'pill',
    borderWidth: '1px',
    borderColor: 'border.default',
    fontSize: 'xs',
    fontWeight: 'medium',
    color: 'text.muted',
    cursor: 'pointer',
    whiteSpace: 'nowrap',
    _hover: { bg: 'bg.hover', color: 'text.default' },
    focusVisibleRing: 'outside',
    '&[aria-pressed=true]': {
      bg: 'accent.subtle',
      borderColor: 'accent.border',
      color: 'text.default',
      fontWeight: 'semibold',
    },
  }),
  enclosed: css({
    h: '7',
    px: '3',
    fontSize: 'xs',
    fontWeight: 'medium',
    color: 'text.muted',
    rounded: 'sm',
    cursor: 'pointer',
    _hover: { color: 'text.default' },
    focusVisibleRing: 'outside',
    '&[aria-pressed=true]': {
      bg: 'bg.hover',
      color: 'text.default',
      fontWeight: 'semibold',
      boxShadow: 'raised',
    },
  }),
}

const mono = css({ fontFamily: 'mono' })

export interface ToggleOption<T extends string> {
  value: T
  /** The button's words, its accessible name. */
  label: ReactNode
  /** A longer name shown on hover ('5 minutes' for '5m'); the accessible name stays the label. */
  title?: string
}

export interface ToggleGroupProps<T extends string> {
  /** Names the group. */
  label: string
  options: readonly ToggleOption<T>[]
  /** The pressed option's value. */
  value: T
  onValueChange: (value: T) => void
  variant?: 'ghost' | 'chips' | 'enclosed'
  /** Sets the buttons' words in the monospaced font (timeframes). */
  mono?: boolean
  /** Chips that wrap to a second row instead of scrolling sideways: where the row has no room to show them all and
   * nothing would tell that more are hidden past its edge (a dialog's filter). */
  wrap?: boolean
  className?: string
}

export function ToggleGroup<T extends string>({
  variant = 'ghost',
  mono: monospaced = false,
  wrap = false,
  ...props
}: ToggleGroupProps<T>) {
  const itemClass = monospaced ? cx(items[variant], mono) : items[variant]
  return (
    <div
      role="group"
      aria-label={props.label}
      className={cx(groups[variant], wrap && wrapping, props.className)}
    >
      {props.options.map((option) => (
        <button
          key={option.value}
          type="button"
          className={itemClass}
          aria-pressed={option.value === props.value}
          title={option.title}
          onClick={() => props.onValueChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  )
}
