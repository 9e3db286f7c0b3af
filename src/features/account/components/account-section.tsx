import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import * as Card from '../../../components/ui/card'

// One titled block of an account page (a card with a heading), so each page reads as an outline to a screen reader.

export const sectionId = (title: string) =>
  `account-section-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`

export function AccountSection(props: {
  title: string
  /** h2 for a page's sections, h3 for the parts of one (Security's Password, Two-factor, Sessions). */
  level?: 'h2' | 'h3'
  aside?: ReactNode
  description?: ReactNode
  children: ReactNode
  testId?: string
}) {
  const headingId = sectionId(props.title)
  const Heading = props.level ?? 'h2'
  return (
    <Card.Root aria-labelledby={headingId} data-testid={props.testId} className={css({ minW: '0' })}>
      <Card.Header>
        <div className={css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' })}>
          <Card.Title asChild>
            <Heading id={headingId}>{props.title}</Heading>
          </Card.Title>
          {props.aside ? <div className={css({ ms: 'auto' })}>{props.aside}</div> : null}
        </div>
        {props.description ? <Card.Description>{props.description}</Card.Description> : null}
      </Card.Header>
      <Card.Body>{props.children}</Card.Body>
    </Card.Root>
  )
}
