import { sectionHeadingId, SectionCard, type TitledSectionProps } from '../../../components/ui/section-card'

// One titled block of the client page (a card with an h2), so the page reads as an outline to a screen reader. Beside
// the title (`aside`): a count, a control.

export function ClientSection({ testId, ...props }: Omit<TitledSectionProps, 'level'>) {
  return (
    <SectionCard
      {...props}
      headingId={sectionHeadingId('client-section', props.title)}
      data-testid={testId}
    />
  )
}
