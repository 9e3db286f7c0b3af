import { Link } from '@tanstack/react-router'
import { ArrowLeft } from 'lucide-react'
import type { ReactNode } from 'react'
import { Box, Flex } from 'styled-system/jsx'
import { Text } from '../../../components/ui/text'
import { hstack } from 'styled-system/patterns'

/** The frame of the full-width areas outside the account menu: the trading workspace and the admin console. */
export function StandaloneFrame(props: {
  siteName: string
  area: string
  /** The page fills the screen below the bar, edge to edge, and scrolls inside itself (the admin console). */
  fill?: boolean
  children: ReactNode
}) {
  return (
    <Flex minH="100dvh" bg="bg.app" flexDir="column" style={props.fill ? { height: '100dvh' } : undefined}>
      <header
        className={hstack({
          h: '14',
          px: { base: '3', md: '6' },
          gap: '4',
          borderBottomWidth: '1px',
          borderColor: 'border',
          bg: 'bg.surface',
        })}
      >
        <Link
          to="/main/dashboard"
          className={hstack({
            display: 'inline-flex',
            gap: '2',
            fontSize: 'sm',
            color: 'text.muted',
            _hover: { color: 'text' },
          })}
        >
          <ArrowLeft size={16} aria-hidden="true" />
          Dashboard
        </Link>
        <Box as="span" fontWeight="bold">
          {props.siteName}
        </Box>
        <Text as="span" tone="muted" size="sm">
          {props.area}
        </Text>
      </header>
      {props.fill ? (
        <Flex as="main" flex="1" minH="0" flexDir="column" w="full">
          {props.children}
        </Flex>
      ) : (
        <Box as="main" flex="1" p={{ base: '4', md: '8' }} maxW="72rem" w="full">
          {props.children}
        </Box>
      )}
    </Flex>
  )
}
