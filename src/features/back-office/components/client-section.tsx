import type { ReactNode } from 'react'
import { SectionCard } from '../../../components/ui/section-card'

// One titled block of the client page (a card with an h2), so the page reads as an outline to a screen reader.

export function ClientSection(props: {
  title: string
  /** Beside the title: a count, a control. */
  aside?: ReactNode
  description?: ReactNode
  children: ReactNode
  testId?: string
}) {
  return (
    <SectionCard
      title={props.title}
      headingId={`client-section-${props.title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`}
      aside={props.aside}
      description={props.description}
      data-testid={props.testId}
    >
      {props.children}
    </SectionCard>
  )
}
