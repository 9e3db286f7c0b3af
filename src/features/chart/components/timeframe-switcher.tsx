import { css } from 'styled-system/css'
import { Flex } from 'styled-system/jsx'
import { Button } from '../../../components/ui/button'
import { CANDLE_TIMEFRAMES, type CandleTimeframe } from '../../../domain/contract/assets'

const TIMEFRAME_NAMES: Readonly<Record<CandleTimeframe, string>> = {
  '1m': '1 minute',
  '5m': '5 minutes',
  '15m': '15 minutes',
  '1h': '1 hour',
}

// The picked timeframe differs in fill, weight and colour, so colour is never the only signal.
const pressable = css({
  px: '2',
  fontFamily: 'mono',
  color: 'text.muted',
  '&[aria-pressed=true]': { bg: 'bg.hover', color: 'text', fontWeight: 'semibold' },
})

/** Toggle buttons (aria-pressed): Tab reaches each one, Enter or Space picks it. */
export function TimeframeSwitcher(props: {
  value: CandleTimeframe
  onChange: (timeframe: CandleTimeframe) => void
}) {
  return (
    <Flex role="group" aria-label="Timeframe" gap="1">
      {CANDLE_TIMEFRAMES.map((timeframe) => {
        const selected = timeframe === props.value
        return (
          <Button
            key={timeframe}
            size="sm"
            variant="ghost"
            aria-pressed={selected}
            title={TIMEFRAME_NAMES[timeframe]}
            onClick={() => props.onChange(timeframe)}
            className={pressable}
          >
            {timeframe}
          </Button>
        )
      })}
    </Flex>
  )
}
