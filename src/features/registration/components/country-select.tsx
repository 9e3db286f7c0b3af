import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form'
import { Box, HStack, styled } from 'styled-system/jsx'
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
    <HStack as="span" display="inline-flex" gap="2" minW="0">
      {/* Decorative: the country's name follows. 3:2, bordered so white flags show on a white surface. */}
      <styled.img
        src={props.country.flag}
        alt=""
        htmlWidth={21}
        htmlHeight={14}
        loading="lazy"
        decoding="async"
        data-testid="country-flag"
        flexShrink={0}
        rounded="xs"
        boxShadow="0 0 0 1px var(--colors-border)"
      />
      <Box as="span" truncate>
        {props.country.label}
      </Box>
    </HStack>
  )
}

/**
 * A country dropdown (Ark Select) whose options show flag and label
 * (docs/product/registration.md#country-of-residence-step), bound to react-hook-form by `control` + `name` as the ui
 * part FormSelect is (whose options are words only): it reads and writes the form's value, the form can focus its
 * trigger, and the error the form state holds for its name shows under it.
 */
export function CountrySelect<
  TValues extends FieldValues,
  TName extends FieldPath<TValues>,
  TContext = unknown,
  TTransformed = TValues,
>(props: {
  label: string
  collection: CountryCollection
  control: Control<TValues, TContext, TTransformed>
  name: TName
}) {
  const {
    field: { ref, name, value, onChange },
    fieldState,
  } = useController({ control: props.control, name: props.name })
  const error = fieldState.error?.message
  const selected = props.collection.items.find((country) => country.value === value)
  const errorId = `${name}-select-error`
  return (
    <Select.Root
      collection={props.collection}
      name={name}
      value={selected ? [selected.value] : []}
      onValueChange={(details) => {
        const next = details.value[0]
        if (next) onChange(next)
      }}
      invalid={Boolean(error)}
      positioning={{ sameWidth: true }}
    >
      <Select.Label>{props.label}</Select.Label>
      <Select.Control>
        <Select.Trigger ref={ref} aria-describedby={error ? errorId : undefined}>
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
      {error ? (
        <Text id={errorId} tone="danger" size="sm">
          {error}
        </Text>
      ) : null}
    </Select.Root>
  )
}
