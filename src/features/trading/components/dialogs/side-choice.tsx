import { css } from 'styled-system/css'
import { RadioGroup } from '../../../../components/ui/radio-group'
import type { TradeSide } from '../../../../domain/contract/trades'

// Buy or sell, side by side under one label: the pending order dialog's side, which names its title.

const OPTIONS = [
  { value: 'buy', label: 'Buy' },
  { value: 'sell', label: 'Sell' },
] as const

const twoColumns = css({
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  '& > :first-child': { gridColumn: '1 / -1' },
})

export function SideChoice(props: { side: TradeSide; onChange: (side: TradeSide) => void }) {
  return (
    <RadioGroup
      label="Side"
      options={OPTIONS}
      value={props.side}
      onValueChange={(details) => {
        if (details.value === 'buy' || details.value === 'sell') props.onChange(details.value)
      }}
      className={twoColumns}
    />
  )
}
