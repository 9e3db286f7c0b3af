import { BadgeCheck, Clock } from 'lucide-react'
import { useState } from 'react'
import { Box, Flex } from 'styled-system/jsx'
import { grid, hstack } from 'styled-system/patterns'
import { Button } from '../../../components/ui/button'
import { Checkbox } from '../../../components/ui/checkbox'
import { DialogCancel, DialogFrame } from '../../../components/ui/dialog-frame'
import { AUTOTRADER_LEVELS, type AutotraderLevel } from '../../../domain/contract/catalog'
import { AUTOTRADER_OPEN_TRADES, DEFAULT_AUTOTRADER_LEVEL } from '../../../domain/marketplace/auto-trader'

export interface AutoTraderDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The user's autotrader flag: when set the dialog only says 'Auto Trader Active'. */
  active: boolean
  /** The customer's request awaits an admin's decision: the dialog says so instead of asking again. */
  pending?: boolean
  /** Open trades at once per level, if the server says otherwise than docs/product/marketplace.md#auto-trader. */
  openTradeCounts?: Readonly<Record<AutotraderLevel, string>>
  /** The activation request is in flight. */
  busy: boolean
  /** Activate pressed (only possible once Accept is ticked). The caller sends it and shows the outcome. */
  onActivate: (level: AutotraderLevel) => void
}

export const AUTOTRADER_PENDING_NOTICE = 'Your auto trader request is waiting for an admin to decide it.'

const LEVEL_LABELS: Readonly<Record<AutotraderLevel, string>> = { low: 'Low', medium: 'Medium', high: 'High' }

const levelOptionClass = hstack({
  gap: '3',
  px: '3',
  py: '2.5',
  borderWidth: '1px',
  borderColor: 'border.control',
  rounded: 'control',
  cursor: 'pointer',
  _hover: { bg: 'bg.hover' },
  '&:has(input:checked)': { borderColor: 'accent', bg: 'accent.subtle' },
  '&:has(input:focus-visible)': { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
  '& input': { accentColor: 'var(--colors-accent)', w: '4', h: '4', flexShrink: 0 },
})

function ActivationForm(props: Omit<AutoTraderDialogProps, 'open' | 'active'>) {
  const counts = props.openTradeCounts ?? AUTOTRADER_OPEN_TRADES
  const [level, setLevel] = useState<AutotraderLevel>(DEFAULT_AUTOTRADER_LEVEL)
  const [accepted, setAccepted] = useState(false)
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        if (accepted && !props.busy) props.onActivate(level)
      }}
      className={grid({ gap: '4' })}
    >
      <fieldset className={grid({ gap: '2', minW: '0' })}>
        <Box as="legend" textStyle="label" mb="2">
          Risk level
        </Box>
        {AUTOTRADER_LEVELS.map((option) => (
          <label key={option} className={levelOptionClass}>
            <input
              type="radio"
              name="autotrader-level"
              value={option}
              checked={level === option}
              onChange={() => setLevel(option)}
            />
            <Box as="span" flex="1" fontWeight="medium">
              {LEVEL_LABELS[option]}
            </Box>{' '}
            <Box as="span" fontSize="sm" color="text.muted" textAlign="right">
              {counts[option]} open trades at once
            </Box>
          </label>
        ))}
      </fieldset>
      <Checkbox
        label="I accept the risks of automated trading"
        checked={accepted}
        onCheckedChange={(details) => setAccepted(details.checked === true)}
      />
      <Flex flexDir={{ base: 'column-reverse', md: 'row' }} justifyContent="flex-end" gap="3">
        <DialogCancel />
        <Button type="submit" disabled={!accepted} loading={props.busy} loadingText="Activating...">
          Activate
        </Button>
      </Flex>
    </form>
  )
}

/**
 * docs/product/marketplace.md#running-an-advisor and #auto-trader: pick a level, accept, activate; the
 * request then awaits approval.
 */
export function AutoTraderDialog({ open, active, pending = false, ...props }: AutoTraderDialogProps) {
  return (
    <DialogFrame
      open={open}
      onOpenChange={props.onOpenChange}
      title="Auto Trader"
      description={
        active || pending ? undefined : 'Choose how many trades the auto trader may keep open at once.'
      }
      size="sm"
    >
      {active ? (
        <p className={hstack({ gap: '2', color: 'gain', fontWeight: 'semibold' })}>
          <BadgeCheck aria-hidden="true" size={20} />
          Auto Trader Active
        </p>
      ) : pending ? (
        <p role="status" className={hstack({ gap: '2' })}>
          <Clock aria-hidden="true" size={20} />
          {AUTOTRADER_PENDING_NOTICE}
        </p>
      ) : (
        <ActivationForm {...props} />
      )}
    </DialogFrame>
  )
}
