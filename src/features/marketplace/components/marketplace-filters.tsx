import { css } from 'styled-system/css'
import { Box } from 'styled-system/jsx'
import { visuallyHidden, wrap } from 'styled-system/patterns'
import { DebouncedSearchField } from '../../../components/ui/search-field'
import {
  MARKETPLACE_CATEGORIES,
  MARKETPLACE_FILTERS,
  type MarketplaceSearch,
} from '../../../domain/marketplace/search'

const CATEGORY_LABELS: Readonly<Record<MarketplaceSearch['category'], string>> = {
  all: 'All',
  expert_advisor: 'Expert advisors',
  others: 'Others',
}
const FILTER_LABELS: Readonly<Record<MarketplaceSearch['filter'], string>> = {
  popular: 'Popular',
  free: 'Free',
  purchased: 'Purchased',
}

// The URL follows the search box once typing pauses, not on every key.
const SEARCH_DEBOUNCE_MS = 300

export interface MarketplaceFiltersProps {
  search: MarketplaceSearch
  onChange: (next: Partial<MarketplaceSearch>) => void
}

const pill = css({
  display: 'inline-flex',
  alignItems: 'center',
  h: '8',
  px: '3',
  rounded: 'pill',
  borderWidth: '1px',
  borderColor: 'border.control',
  fontSize: 'sm',
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  _hover: { bg: 'bg.hover' },
  '&:has(input:checked)': { bg: 'accent.solid', color: 'accent.fg', borderColor: 'accent.solid' },
  '&:has(input:focus-visible)': { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
})

function ChoiceGroup<T extends string>(props: {
  legend: string
  name: string
  options: readonly T[]
  labels: Readonly<Record<T, string>>
  value: T
  onChange: (value: T) => void
}) {
  return (
    <Box as="fieldset" minW="0">
      <Box as="legend" textStyle="label" color="text.muted" mb="1.5">
        {props.legend}
      </Box>
      <div className={wrap({ gap: '2' })}>
        {props.options.map((option) => (
          <label key={option} className={pill}>
            <input
              type="radio"
              name={props.name}
              value={option}
              checked={props.value === option}
              onChange={() => props.onChange(option)}
              className={visuallyHidden()}
            />
            {props.labels[option]}
          </label>
        ))}
      </div>
    </Box>
  )
}

/**
 * The marketplace's search, category and filter (docs/product/marketplace.md#marketplace-page); the route keeps them
 * in the URL.
 */
export function MarketplaceFilters({ search, onChange }: MarketplaceFiltersProps) {
  return (
    <div className={wrap({ alignItems: 'flex-end', gap: { base: '4', md: '6' } })}>
      <DebouncedSearchField
        label="Search"
        placeholder="Name or description"
        value={search.search ?? ''}
        onCommit={(value) => onChange({ search: value || undefined })}
        delayMs={SEARCH_DEBOUNCE_MS}
        flex="1"
        minW={{ base: 'full', md: '16rem' }}
        maxW={{ md: '24rem' }}
      />
      <ChoiceGroup
        legend="Category"
        name="marketplace-category"
        options={MARKETPLACE_CATEGORIES}
        labels={CATEGORY_LABELS}
        value={search.category}
        onChange={(category) => onChange({ category })}
      />
      <ChoiceGroup
        legend="Show"
        name="marketplace-filter"
        options={MARKETPLACE_FILTERS}
        labels={FILTER_LABELS}
        value={search.filter}
        onChange={(filter) => onChange({ filter })}
      />
    </div>
  )
}
