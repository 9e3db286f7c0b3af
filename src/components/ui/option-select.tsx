import type { Ref } from 'react'
import { useId, useMemo } from 'react'
import { css } from 'styled-system/css'
import * as Select from './select'

export interface SelectOption {
  value: string
  label: string
}

/**
 * A labelled dropdown over plain { value, label } options (Ark Select): the back office's and the cashier's one
 * select (filters, a settings form's choices, a balance adjustment's kind, a withdrawal's card or coin). `ref` goes
 * to the trigger, so react-hook-form can focus a field with an error.
 */
export function OptionSelect({
  ref,
  ...props
}: {
  label: string
  name: string
  options: readonly SelectOption[]
  /** Null: nothing chosen yet, the placeholder shows. */
  value: string | null
  onChange: (value: string) => void
  onBlur?: () => void
  placeholder?: string
  error?: string | undefined
  helperText?: string | undefined
  size?: 'sm' | 'md'
  className?: string
  ref?: Ref<HTMLButtonElement>
}) {
  const collection = useMemo(
    () => Select.createListCollection({ items: [...props.options] }),
    [props.options],
  )
  // Two forms on a page may each have a field of one name (two document cards' 'kind'): the ids are this select's own.
  const id = `${props.name}-${useId().replace(/:/g, '')}`
  const errorId = `${id}-select-error`
  const helperId = `${id}-select-helper`
  const describedBy = [props.error ? errorId : null, props.helperText ? helperId : null]
    .filter(Boolean)
    .join(' ')
  return (
    <Select.Root
      collection={collection}
      name={props.name}
      value={props.value === null ? [] : [props.value]}
      onValueChange={(details) => {
        const next = details.value[0]
        if (next !== undefined) props.onChange(next)
      }}
      invalid={Boolean(props.error)}
      positioning={{ sameWidth: true }}
      size={props.size}
      className={props.className}
    >
      <Select.Label>{props.label}</Select.Label>
      <Select.Control>
        <Select.Trigger ref={ref} onBlur={props.onBlur} aria-describedby={describedBy || undefined}>
          <Select.ValueText placeholder={props.placeholder} />
          <Select.Indicator />
        </Select.Trigger>
      </Select.Control>
      <Select.Positioner>
        <Select.Content>
          {collection.items.map((option) => (
            <Select.Item key={option.value} item={option}>
              <Select.ItemText>{option.label}</Select.ItemText>
              <Select.ItemIndicator />
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Positioner>
      {props.helperText ? (
        <p id={helperId} className={css({ fontSize: 'xs', color: 'text.muted' })}>
          {props.helperText}
        </p>
      ) : null}
      {props.error ? (
        <p id={errorId} className={css({ color: 'danger', fontSize: 'xs', fontWeight: 'medium' })}>
          {props.error}
        </p>
      ) : null}
    </Select.Root>
  )
}
