import { Link } from '@tanstack/react-router'
import { Compass } from 'lucide-react'
import { css, cx } from 'styled-system/css'
import { button } from 'styled-system/recipes'
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
        {/* The way out is the page's one action: a link drawn as the primary button. */}
        <Link to="/" className={cx(button(), css({ mt: '6' }))}>
          Go to the start page
        </Link>
      </Box>
    </Box>
  )
}
