import { Link } from '@tanstack/react-router'
import { Compass } from 'lucide-react'
import { css } from 'styled-system/css'
import { Box } from 'styled-system/jsx'

/** Any path the route table does not know (docs/product/site-and-gates.md#routes). */
export function NotFoundPage() {
  return (
    <Box as="main" minH="100dvh" display="grid" placeItems="center" p="6" bg="bg.app">
      <Box as="section" textAlign="center" maxW="28rem">
        <Compass size={40} aria-hidden="true" className={css({ mx: 'auto', color: 'accent', mb: '4' })} />
        <Box as="p" fontSize="sm" color="text.muted" fontFamily="mono">
          404
        </Box>
        <Box as="h1" fontSize="2xl" fontWeight="semibold" mt="1">
          Page not found
        </Box>
        <Box as="p" color="text.muted" mt="3">
          The page you are looking for does not exist or has moved.
        </Box>
        <Link
          to="/"
          className={css({
            display: 'inline-flex',
            mt: '6',
            px: '4',
            py: '2',
            rounded: 'md',
            bg: 'accent',
            color: 'text.inverted',
            fontWeight: 'medium',
            _hover: { bg: 'accent.hover' },
            _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
          })}
        >
          Go to the start page
        </Link>
      </Box>
    </Box>
  )
}
