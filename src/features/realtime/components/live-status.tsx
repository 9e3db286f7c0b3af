import { Box, HStack } from 'styled-system/jsx'
import { CONNECTION_STATE_LABELS, type ConnectionState } from '../../../domain/offline/connection-state'
import { useConnectionAwaited, useConnectionState } from '../hooks/use-connection-state'

const TONES: Readonly<Record<ConnectionState, 'gain' | 'warning' | 'loss'>> = {
  live: 'gain',
  reconnecting: 'warning',
  offline: 'loss',
}

/**
 * The connection as the workspace, the account area and the back office show it (decision 0021): Live, Reconnecting
 * or Offline, the same in every tab. The admin chat console keeps docs/product/chat.md#admin-console's
 * ConnectionIndicator.
 */
export function LiveStatus(props: { compactBelowMd?: boolean }) {
  const state = useConnectionState()
  const awaited = useConnectionAwaited()
  const label = CONNECTION_STATE_LABELS[state]
  return (
    <HStack
      as="span"
      role="status"
      data-testid="connection-indicator"
      data-state={state}
      data-awaited={awaited || undefined}
      display="inline-flex"
      gap="1.5"
      fontSize="xs"
      color="text.muted"
      whiteSpace="nowrap"
    >
      {/* Offline, the state that changes what the page can do, has a hollow dot: not only its colour differs. */}
      <Box
        as="span"
        aria-hidden="true"
        w="2"
        h="2"
        rounded="full"
        flexShrink={0}
        borderWidth="1.5px"
        style={{
          borderColor: `var(--colors-${TONES[state]})`,
          backgroundColor: state === 'offline' ? 'transparent' : `var(--colors-${TONES[state]})`,
        }}
      />
      {props.compactBelowMd ? (
        // Below 768 px, where the workspace's header has no room for words: the dot alone, the word for screen
        // readers.
        <Box
          as="span"
          position={{ base: 'absolute', md: 'static' }}
          w={{ base: '1px', md: 'auto' }}
          h={{ base: '1px', md: 'auto' }}
          m={{ base: '-1px', md: '0' }}
          overflow={{ base: 'hidden', md: 'visible' }}
          clip={{ base: 'rect(0, 0, 0, 0)', md: 'auto' }}
        >
          {label}
        </Box>
      ) : (
        <span>{label}</span>
      )}
    </HStack>
  )
}
