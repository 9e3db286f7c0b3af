import { ToggleGroup, type ToggleOption } from '../../../components/ui/toggle-group'
import { CANDLE_TIMEFRAMES, type CandleTimeframe } from '../../../domain/contract/assets'

const TIMEFRAME_NAMES: Readonly<Record<CandleTimeframe, string>> = {
  '1m': '1 minute',
  '5m': '5 minutes',
  '15m': '15 minutes',
  '1h': '1 hour',
}

const TIMEFRAME_OPTIONS: readonly ToggleOption<CandleTimeframe>[] = CANDLE_TIMEFRAMES.map((timeframe) => ({
  value: timeframe,
  label: timeframe,
  title: TIMEFRAME_NAMES[timeframe],
}))

/** Toggle buttons (aria-pressed): Tab reaches each one, Enter or Space picks it. */
export function TimeframeSwitcher(props: {
  value: CandleTimeframe
  onChange: (timeframe: CandleTimeframe) => void
}) {
  return (
    <ToggleGroup
      label="Timeframe"
      options={TIMEFRAME_OPTIONS}
      value={props.value}
      onValueChange={props.onChange}
      mono
    />
  )
}
