import type { ReactNode } from 'react'
import { Box } from 'styled-system/jsx'

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
