import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import * as Card from '../../../components/ui/card'

// One titled block of the client page (a card with an h2), so the page reads as an outline to a screen reader.

export function ClientSection(props: {
  title: string
  /** Beside the title: a count, a control. */
  aside?: ReactNode
  description?: ReactNode
  children: ReactNode
  testId?: string
}) {
  const headingId = `client-section-${props.title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`
  return (
    <Card.Root aria-labelledby={headingId} data-testid={props.testId} className={css({ minW: '0' })}>
      <Card.Header>
        <div className={css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' })}>
          <Card.Title asChild>
            <h2 id={headingId}>{props.title}</h2>
          </Card.Title>
          {props.aside ? <div className={css({ ms: 'auto' })}>{props.aside}</div> : null}
        </div>
        {props.description ? <Card.Description>{props.description}</Card.Description> : null}
      </Card.Header>
      <Card.Body>{props.children}</Card.Body>
    </Card.Root>
  )
}
