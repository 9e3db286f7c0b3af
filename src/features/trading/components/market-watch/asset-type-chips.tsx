// Asset types (docs/product/data-model.md#asset: forex, stocks, crypto, commodities, indices, metals) as headings and
// as a one-choice filter.
import { css } from 'styled-system/css'
import { Flex } from 'styled-system/jsx'
import { ASSET_TYPES, type AssetType } from '../../../../domain/contract/assets'

export const ASSET_TYPE_LABELS: Record<AssetType, string> = {
  forex: 'Forex',
  stocks: 'Stocks',
  crypto: 'Crypto',
  commodities: 'Commodities',
  indices: 'Indices',
  metals: 'Metals',
}

const chip = css({
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
  // The chosen chip is filled and bold as well as tinted, so it does not rest on colour alone.
  '&[aria-pressed=true]': {
    bg: 'accent.subtle',
    borderColor: 'accent.border',
    color: 'text.default',
    fontWeight: 'semibold',
  },
})

/** 'All' plus one toggle button per type; exactly one is pressed. */
export function AssetTypeChips(props: {
  value: AssetType | null
  onChange: (type: AssetType | null) => void
  label?: string
}) {
  return (
    <Flex
      role="group"
      aria-label={props.label ?? 'Asset type'}
      gap="2"
      overflowX="auto"
      scrollbarWidth="none"
      pb="1"
    >
      <button
        type="button"
        className={chip}
        aria-pressed={props.value === null}
        onClick={() => props.onChange(null)}
      >
        All
      </button>
      {ASSET_TYPES.map((type) => (
        <button
          key={type}
          type="button"
          className={chip}
          aria-pressed={props.value === type}
          onClick={() => props.onChange(type)}
        >
          {ASSET_TYPE_LABELS[type]}
        </button>
      ))}
    </Flex>
  )
}
