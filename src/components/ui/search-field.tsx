import { Search, X } from 'lucide-react'
import {
  useEffect,
  useEffectEvent,
  useId,
  useState,
  type ChangeEvent,
  type ComponentProps,
  type ReactNode,
  type Ref,
} from 'react'
import { css, cx } from 'styled-system/css'
import { splitCssProps } from 'styled-system/jsx'
import { visuallyHidden } from 'styled-system/patterns'
import type { FieldVariantProps } from 'styled-system/recipes'
import type { JsxStyleProps } from 'styled-system/types'
import { Field } from './input'

// A search box (Park UI's input group): a magnifier inside the field's start, the input, and optionally a button
// at its end that empties it. Built on the Field parts, so it looks like every other input.

type Labelled =
  | {
      /** The field's label, shown above it unless `hideLabel`. */
      label: ReactNode
      /** The label is read by screen readers only (a search whose place already says what it searches). */
      hideLabel?: boolean
    }
  | { label?: undefined; hideLabel?: undefined; 'aria-label': string }

type InputProps = Omit<ComponentProps<'input'>, 'size' | 'type' | 'children' | keyof JsxStyleProps>

export type SearchFieldProps = InputProps &
  FieldVariantProps &
  JsxStyleProps &
  Labelled & {
    /** The text as it changes (also given to `onChange` as an event). */
    onValueChange?: (value: string) => void
    /**
     * A 'Clear search' button at the end of the field while it holds text. An uncontrolled field (`register()`)
     * that starts filled says so with `defaultValue`.
     */
    clearable?: boolean
    /** After the clear button emptied the field (its `onChange` has run with ''). */
    onClear?: () => void
    /** Class of the field's root; style props (`w`, `maxW`, ...) also go to the root. */
    className?: string
    ref?: Ref<HTMLInputElement>
  }

// Empties the input as typing would, so the caller's onChange (react-hook-form's register included) hears it: React
// sees an 'input' event whose value changed under its tracker.
function emptyInput(input: HTMLInputElement) {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set
  setValue?.call(input, '')
  input.dispatchEvent(new Event('input', { bubbles: true }))
}

/**
 * `<SearchField label="Search clients" value={text} onChange={(e) => setText(e.target.value)} />`: an
 * `<input type="search">` (role searchbox) named by its label, with the icon inside it. Everything not listed above
 * goes to the input, ref included.
 */
export function SearchField(props: SearchFieldProps) {
  const [styleProps, rest] = splitCssProps(props)
  const {
    label,
    hideLabel,
    clearable = false,
    onClear,
    onValueChange,
    onChange,
    className,
    size,
    id,
    disabled,
    ref,
    ...inputProps
  } = rest
  const generated = useId()
  const inputId = id ?? `search-${generated.replace(/:/g, '')}`
  const [filled, setFilled] = useState(() => String(rest.value ?? rest.defaultValue ?? '') !== '')
  const hasText = rest.value === undefined ? filled : String(rest.value) !== ''
  const { css: cssProp, ...propStyles } = styleProps

  function change(event: ChangeEvent<HTMLInputElement>) {
    setFilled(event.target.value !== '')
    onChange?.(event)
    onValueChange?.(event.target.value)
  }

  function clear() {
    const input = document.getElementById(inputId)
    if (!(input instanceof HTMLInputElement)) return
    emptyInput(input)
    // The button goes with the text: the caret goes back to the field, not to the page's start.
    input.focus()
    onClear?.()
  }

  return (
    <Field.Root
      id={inputId}
      ids={{ label: `${inputId}-label` }}
      size={size}
      disabled={disabled}
      className={cx(css(propStyles, ...(Array.isArray(cssProp) ? cssProp : [cssProp])), className)}
    >
      {label !== undefined ? (
        <Field.Label className={hideLabel ? visuallyHidden() : undefined}>{label}</Field.Label>
      ) : null}
      <Field.Control>
        <Field.Icon>
          <Search size={16} aria-hidden="true" />
        </Field.Icon>
        <Field.Input
          type="search"
          autoComplete="off"
          spellCheck={false}
          {...inputProps}
          ref={ref}
          onChange={change}
          data-with-icon=""
          data-with-toggle={clearable ? '' : undefined}
        />
        {clearable && hasText ? (
          <Field.Action
            type="button"
            aria-label="Clear search"
            aria-controls={inputId}
            disabled={disabled}
            onClick={clear}
          >
            <X aria-hidden="true" />
          </Field.Action>
        ) : null}
      </Field.Control>
    </Field.Root>
  )
}

// A list's search box whose words live in the URL (the back office's clients, the marketplace): the box holds what is
// typed, and the trimmed text is committed after a pause, not at every key. Here, not in a file of its own: the
// trading workspace loads the marketplace's filters, and a chunk of its own cost /mt4 0.3 KB (decision 0040, ninth
// pass).

type WithoutValue<T> = T extends unknown
  ? Omit<T, 'value' | 'defaultValue' | 'onChange' | 'onValueChange'>
  : never

export type DebouncedSearchFieldProps = WithoutValue<SearchFieldProps> & {
  /** The committed text (the URL's). When it changes from elsewhere (Back, a shared link), the box shows it. */
  value: string
  /** The trimmed text, once typing has paused for `delayMs`; not called while it equals `value`. */
  onCommit: (value: string) => void
  delayMs: number
}

/** `<DebouncedSearchField label="Search" value={search.q} onCommit={setQ} delayMs={300} />` */
export function DebouncedSearchField(props: DebouncedSearchFieldProps) {
  const { value, onCommit, delayMs, ...fieldProps } = props
  const [text, setText] = useState(value)
  const [shown, setShown] = useState(value)
  // The committed text changed: the box follows it, unless it already says it (a space typed after the pause stays).
  if (value !== shown) {
    setShown(value)
    if (text.trim() !== value) setText(value)
  }
  const commit = useEffectEvent((next: string) => onCommit(next))
  useEffect(() => {
    if (text.trim() === value) return
    const timer = setTimeout(() => commit(text.trim()), delayMs)
    return () => clearTimeout(timer)
  }, [text, value, delayMs])
  return <SearchField {...fieldProps} value={text} onChange={(event) => setText(event.target.value)} />
}
