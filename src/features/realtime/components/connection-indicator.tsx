import { Box } from 'styled-system/jsx'
import { hstack } from 'styled-system/patterns'
import { useRealtimeStatus } from '../hooks/use-realtime-status'

type Indicator = {
  label: 'Connected' | 'Reconnecting...' | 'Disconnected'
  tone: 'gain' | 'warning' | 'loss'
}

/**
 * docs/product/chat.md#admin-console: Connected (green), Reconnecting... (yellow, polling fallback active) or
 * Disconnected (red).
 */
export function connectionIndicator(status: ReturnType<typeof useRealtimeStatus>): Indicator {
  if (status.status === 'connected') return { label: 'Connected', tone: 'gain' }
  if (status.polling || status.status === 'connecting') return { label: 'Reconnecting...', tone: 'warning' }
  return { label: 'Disconnected', tone: 'loss' }
}

export function ConnectionIndicator() {
  const indicator = connectionIndicator(useRealtimeStatus())
  return (
    <span
      role="status"
      data-testid="connection-indicator"
      className={hstack({ display: 'inline-flex', gap: '1.5', fontSize: 'xs', color: 'text.muted' })}
    >
      <Box
        as="span"
        aria-hidden="true"
        w="2"
        h="2"
        rounded="full"
        style={{ backgroundColor: `var(--colors-${indicator.tone})` }}
      />
      {indicator.label}
    </span>
  )
}
