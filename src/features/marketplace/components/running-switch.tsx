import { useEffect, useRef } from 'react'
import { Box } from 'styled-system/jsx'
import { hstack } from 'styled-system/patterns'
import { Switch } from '../../../components/ui/switch'
import { toast } from '../../../components/ui/toast'
import type { ExpertAdvisor } from '../../../domain/contract/catalog'
import { useSetExpertAdvisorRunning } from '../api/set-expert-advisor-running'
import { serverMessage } from '../../../lib/error-message'

export const RUNNING_SWITCH_FAILED = 'Failed to update the Expert Advisor. Please try again.'

/**
 * The automated trading panel's switch (docs/product/marketplace.md#running-an-advisor): Running or Stopped, for an
 * advisor the customer owns. The status word sits beside the switch so the state reads without the colour.
 */
export function RunningSwitch(props: {
  advisor: Pick<ExpertAdvisor, 'id' | 'name' | 'running'>
  compact?: boolean
}) {
  const { advisor } = props
  const mutation = useSetExpertAdvisorRunning()
  const input = useRef<HTMLInputElement>(null)
  // A refusal that comes back before the optimistic state ever rendered (offline: at once) leaves the hidden input
  // checked by the click while the switch's own state never changed; put the input back to the truth.
  useEffect(() => {
    if (input.current) input.current.checked = advisor.running
  }, [advisor.running, mutation.status])
  return (
    <div className={hstack({ gap: '2' })}>
      <Switch
        ref={input}
        checked={advisor.running}
        label="Automated trading"
        // In a dense list the row says which advisor it is; the label stays for assistive technology.
        hideLabel={props.compact}
        inputProps={{ 'aria-describedby': `advisor-${advisor.id}-status` }}
        onCheckedChange={(details) =>
          mutation.mutate(
            { id: advisor.id, running: details.checked },
            { onError: (error) => toast.error(serverMessage(error) ?? RUNNING_SWITCH_FAILED) },
          )
        }
      />
      <Box
        as="span"
        id={`advisor-${advisor.id}-status`}
        data-testid="advisor-running-state"
        fontSize="xs"
        fontWeight="semibold"
        color={advisor.running ? 'gain' : 'text.muted'}
        whiteSpace="nowrap"
      >
        {advisor.running ? 'Running' : 'Stopped'}
      </Box>
    </div>
  )
}
