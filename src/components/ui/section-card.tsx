import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { HStack } from 'styled-system/jsx'
import * as Card from './card'

// One titled block of a page: a card named by its heading (h2 for a page's sections, h3 for the parts of one), so
// the page reads as an outline to a screen reader. Something beside the title (a count, a control) sits at the end
// of the title's line; a description goes under it.

export interface SectionCardProps {
  title: string
  /** The heading's id, which names the card (`aria-labelledby`); unique on the page. */
  headingId: string
  level?: 'h2' | 'h3'
  aside?: ReactNode
  description?: ReactNode
  children: ReactNode
  'data-testid'?: string
}

/** A heading id made from the section's title, for a page that names its sections by their titles. */
export const sectionHeadingId = (prefix: string, title: string) =>
  `${prefix}-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`

/** A section's props with a test id in place of the heading id, which comes from the title (sectionHeadingId). */
export type TitledSectionProps = Omit<SectionCardProps, 'headingId' | 'data-testid'> & { testId?: string }

export function SectionCard(props: SectionCardProps) {
  const Heading = props.level ?? 'h2'
  return (
    <Card.Root
      aria-labelledby={props.headingId}
      data-testid={props['data-testid']}
      className={css({ minW: '0' })}
    >
      <Card.Header>
        <HStack gap="3" flexWrap="wrap">
          <Card.Title asChild>
            <Heading id={props.headingId}>{props.title}</Heading>
          </Card.Title>
          {props.aside ? <div className={css({ ms: 'auto' })}>{props.aside}</div> : null}
        </HStack>
        {props.description ? <Card.Description>{props.description}</Card.Description> : null}
      </Card.Header>
      <Card.Body>{props.children}</Card.Body>
    </Card.Root>
  )
}
