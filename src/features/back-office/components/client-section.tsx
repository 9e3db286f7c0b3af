import { sectionHeadingId, SectionCard, type TitledSectionProps } from '../../../components/ui/section-card'
import { Text } from '../../../components/ui/text'

// One titled block of the client page (a card with an h2), so the page reads as an outline to a screen reader. Beside
// the title: how many rows it holds (`count`, as a small muted figure), or a control (`aside`).

export function ClientSection({
  testId,
  count,
  aside,
  ...props
}: Omit<TitledSectionProps, 'level'> & { count?: number }) {
  return (
    <SectionCard
      {...props}
      headingId={sectionHeadingId('client-section', props.title)}
      aside={
        count === undefined ? (
          aside
        ) : (
          <Text as="span" size="sm" tone="muted">
            {count}
          </Text>
        )
      }
      data-testid={testId}
    />
  )
}
