import type { ReactNode } from 'react'
import { cx } from 'styled-system/css'
import { Box } from 'styled-system/jsx'
import { grid, wrap } from 'styled-system/patterns'
import { surface } from '../../../components/ui/surface'

// One panel of a cashier page: a heading (h2, under the page's h1) and its content on a surface.

export function FundsSection(props: {
  title: string
  description?: ReactNode
  actions?: ReactNode
  children: ReactNode
  className?: string
  testId?: string
}) {
  return (
    <section
      data-testid={props.testId}
      aria-label={props.title}
      className={cx(surface(), grid({ gap: '4', p: { base: '4', md: '6' }, minW: '0' }), props.className)}
    >
      <header className={wrap({ alignItems: 'flex-start', justifyContent: 'space-between', gap: '2 4' })}>
        <Box minW="0">
          <Box as="h2" fontSize="lg" fontWeight="semibold">
            {props.title}
          </Box>
          {props.description ? (
            <Box as="p" mt="1" fontSize="sm" color="text.muted">
              {props.description}
            </Box>
          ) : null}
        </Box>
        {props.actions}
      </header>
      {props.children}
    </section>
  )
}
