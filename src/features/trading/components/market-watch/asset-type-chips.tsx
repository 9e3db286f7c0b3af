// Asset types (docs/product/data-model.md#asset: forex, stocks, crypto, commodities, indices, metals) as headings and
// as a one-choice filter.
import { ToggleGroup, type ToggleOption } from '../../../../components/ui/toggle-group'
import { ASSET_TYPES, type AssetType } from '../../../../domain/contract/assets'
import { ASSET_TYPE_LABELS } from '../../../../domain/market/asset-types'

type Choice = AssetType | 'all'

const CHOICES: readonly ToggleOption<Choice>[] = [
  { value: 'all', label: 'All' },
  ...ASSET_TYPES.map((type) => ({ value: type, label: ASSET_TYPE_LABELS[type] })),
]

/** 'All' plus one toggle button per type; exactly one is pressed. */
export function AssetTypeChips(props: {
  value: AssetType | null
  onChange: (type: AssetType | null) => void
  label?: string
  /** Wrap to a second row rather than scroll sideways (the Add market dialog, whose width shows five of seven). */
  wrap?: boolean
}) {
  return (
    <ToggleGroup
      variant="chips"
      wrap={props.wrap}
      label={props.label ?? 'Asset type'}
      options={CHOICES}
      value={props.value ?? 'all'}
      onValueChange={(choice) => props.onChange(choice === 'all' ? null : choice)}
    />
  )
}
