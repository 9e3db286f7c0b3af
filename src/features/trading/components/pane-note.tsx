import type { ReactNode } from 'react'
import { Box, Flex } from 'styled-system/jsx'
import { hstack } from 'styled-system/patterns'
import { Button } from '../../../components/ui/button'
import { Spinner } from '../../../components/ui/spinner'

/**
 * A workspace panel's words in place of its content (no positions, no orders, no market found, a panel still to
 * come): muted, inset from the panel's edges.
 */
export function PaneNote(props: { children: ReactNode }) {
  return (
    <Box as="p" p="4" fontSize="sm" color="text.muted">
      {props.children}
    </Box>
  )
}

// Computed once: the panels of the /mt4 workspace's first screen show it (decision 0040).
const loadErrorClass = hstack({ p: '4', gap: '3' })

/** A workspace list's first page on its way: a named spinner, centred in the panel. */
export function PaneLoading(props: { label: string }) {
  return (
    <Flex p="4" justifyContent="center">
      <Spinner label={props.label} />
    </Flex>
  )
}

/** A workspace list whose first page failed: the error's words and Retry, announced as an alert. */
export function PaneLoadError(props: { message: ReactNode; onRetry: () => void }) {
  return (
    <div role="alert" className={loadErrorClass}>
      <span>{props.message}</span>
      <Button size="xs" variant="outline" onClick={props.onRetry}>
        Retry
      </Button>
    </div>
  )
}
