import { useMemo } from 'react'
import { OptionSelect } from './option-select'

// Not a value any list filters by (those are words, slugs and dotted names), so it never names a real one.
const ALL = '*'

/**
 * A list's filter as a dropdown: the first option, `allLabel` ('All types'), is no filter (`undefined`), the others
 * narrow the list to one value (the transactions' type and status, the audit log's action, the request queue's type).
 */
export function FilterSelect<T extends string>(props: {
  label: string
  name: string
  allLabel: string
  options: readonly { value: T; label: string }[]
  value: T | undefined
  onChange: (value: T | undefined) => void
  className?: string
}) {
  const { allLabel, options } = props
  const withAll = useMemo(() => [{ value: ALL, label: allLabel }, ...options], [allLabel, options])
  return (
    <OptionSelect
      label={props.label}
      name={props.name}
      options={withAll}
      value={props.value ?? ALL}
      onChange={(value) => props.onChange(value === ALL ? undefined : (value as T))}
      className={props.className}
    />
  )
}
