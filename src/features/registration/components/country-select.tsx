import type { Ref } from 'react'
import { css } from 'styled-system/css'
import * as Select from '../../../components/ui/select'
import type { Country } from '../../../domain/registration/countries'
import { Text } from '../../../components/ui/text'

export type CountryCollection = Select.ListCollection<Country>

export function countryCollection(countries: readonly Country[]): CountryCollection {
  return Select.createListCollection({
    items: [...countries],
    itemToValue: (country) => country.value,
    itemToString: (country) => country.label,
  })
}

function CountryLabel(props: { country: Country }) {
  return (
    <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '2', minW: '0' })}>
      {/* Decorative: the country's name follows. 3:2, bordered so white flags show on a white surface. */}
      <img
        src={props.country.flag}
        alt=""
        width={21}
        height={14}
        loading="lazy"
        decoding="async"
        data-testid="country-flag"
        className={css({ flexShrink: 0, rounded: 'xs', boxShadow: '0 0 0 1px var(--colors-border)' })}
      />
      <span className={css({ truncate: true })}>{props.country.label}</span>
    </span>
  )
}

/**
 * A country dropdown (Ark Select) whose options show flag and label
 * (docs/product/registration.md#country-of-residence-step), for react-hook-form's Controller.
 */
export function CountrySelect({
  ref,
  ...props
}: {
  label: string
  collection: CountryCollection
  value: string
  onChange: (value: string) => void
  name: string
  error?: string | undefined
  /** Goes to the trigger, so react-hook-form can focus the field with an error. */
  ref?: Ref<HTMLButtonElement>
}) {
  const selected = props.collection.items.find((country) => country.value === props.value)
  const errorId = `${props.name}-select-error`
  return (
    <Select.Root
      collection={props.collection}
      name={props.name}
      value={selected ? [selected.value] : []}
      onValueChange={(details) => {
        const next = details.value[0]
        if (next) props.onChange(next)
      }}
      invalid={Boolean(props.error)}
      positioning={{ sameWidth: true }}
    >
      <Select.Label>{props.label}</Select.Label>
      <Select.Control>
        <Select.Trigger ref={ref} aria-describedby={props.error ? errorId : undefined}>
          <Select.ValueText placeholder="Select a country">
            {selected ? <CountryLabel country={selected} /> : undefined}
          </Select.ValueText>
          <Select.Indicator />
        </Select.Trigger>
      </Select.Control>
      <Select.Positioner>
        <Select.Content>
          {props.collection.items.map((country) => (
            <Select.Item key={country.value} item={country}>
              <Select.ItemText>
                <CountryLabel country={country} />
              </Select.ItemText>
              <Select.ItemIndicator />
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Positioner>
      {props.error ? (
        <Text id={errorId} tone="danger" size="sm">
          {props.error}
        </Text>
      ) : null}
    </Select.Root>
  )
}
