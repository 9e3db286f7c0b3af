import { Box, Flex } from 'styled-system/jsx'
import { center, grid, visuallyHidden } from 'styled-system/patterns'
import { Text } from '../../../components/ui/text'

// A row of mutually exclusive choices (native radio buttons under a fieldset and legend), styled as a segmented
// control: arrow keys move between them, as the platform does for any radio group.

const optionClass = center({
  inline: true,
  position: 'relative',
  minH: '10',
  px: '4',
  flex: { base: '1', md: 'initial' },
  fontSize: 'sm',
  fontWeight: 'medium',
  color: 'text.muted',
  cursor: 'pointer',
  borderInlineStartWidth: '1px',
  borderColor: 'border.control',
  _first: { borderInlineStartWidth: '0' },
  _hover: { color: 'text', bg: 'bg.hover' },
  '&:has(input:checked)': { bg: 'accent.solid', color: 'accent.fg' },
  '&:has(input:focus-visible)': {
    outline: '2px solid',
    outlineColor: 'focusRing',
    outlineOffset: '2px',
    zIndex: 1,
  },
})

export function ChoiceGroup<T extends string>(props: {
  legend: string
  name: string
  options: readonly { value: T; label: string }[]
  value: T
  onChange: (value: T) => void
  description?: string
}) {
  const descriptionId = props.description ? `${props.name}-description` : undefined
  return (
    <fieldset aria-describedby={descriptionId} className={grid({ gap: '2', minW: '0' })}>
      <Box as="legend" textStyle="label" mb="2">
        {props.legend}
      </Box>
      <Flex
        w={{ base: 'full', md: 'fit-content' }}
        borderWidth="1px"
        borderColor="border.control"
        rounded="control"
        overflow="hidden"
      >
        {props.options.map((option) => (
          <label key={option.value} className={optionClass}>
            <input
              type="radio"
              name={props.name}
              value={option.value}
              checked={props.value === option.value}
              onChange={() => props.onChange(option.value)}
              className={visuallyHidden()}
            />
            {option.label}
          </label>
        ))}
      </Flex>
      {props.description ? (
        <Text id={descriptionId} size="xs" tone="muted">
          {props.description}
        </Text>
      ) : null}
    </fieldset>
  )
}
