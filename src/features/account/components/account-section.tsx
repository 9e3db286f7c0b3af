import type { ReactNode } from 'react'
import { SectionCard } from '../../../components/ui/section-card'

// One titled block of an account page (a card with a heading), so each page reads as an outline to a screen reader:
// the ui part SectionCard, named by a heading id made from the title.

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
  return (
    <SectionCard
      title={props.title}
      headingId={sectionId(props.title)}
      level={props.level}
      aside={props.aside}
      description={props.description}
      data-testid={props.testId}
    >
      {props.children}
    </SectionCard>
  )
}
