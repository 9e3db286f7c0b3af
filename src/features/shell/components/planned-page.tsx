import { Hammer } from 'lucide-react'
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { Box } from 'styled-system/jsx'
import { Surface } from '../../../components/ui/surface'
import { PageHeader, type Crumb } from './page-header'

/**
 * A page whose content a later piece of work builds: its heading, its place in the navigation and a plain word
 * on what will be here, never a blank screen.
 */
export function PlannedPage(props: {
  title: string
  trail: Crumb[]
  summary: ReactNode
  children?: ReactNode
}) {
  return (
    <div>
      <PageHeader title={props.title} trail={props.trail} />
      <Surface as="section" display="flex" p={{ base: '5', md: '6' }} gap="4" alignItems="flex-start">
        <Hammer
          size={22}
          aria-hidden="true"
          className={css({ color: 'warning', flexShrink: 0, mt: '0.5' })}
        />
        <div>
          <Box as="p" fontWeight="medium">
            This page is being built.
          </Box>
          <Box as="p" color="text.muted" mt="1">
            {props.summary}
          </Box>
          {props.children}
        </div>
      </Surface>
    </div>
  )
}
