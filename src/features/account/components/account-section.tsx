import { sectionHeadingId, SectionCard, type TitledSectionProps } from '../../../components/ui/section-card'

// One titled block of an account page (a card with a heading), so each page reads as an outline to a screen reader:
// the ui part SectionCard, named by a heading id made from the title. `level` is h2 for a page's sections, h3 for the
// parts of one (Security's Password, Two-factor, Sessions).

export const sectionId = (title: string) => sectionHeadingId('account-section', title)

export function AccountSection({ testId, ...props }: TitledSectionProps) {
  return <SectionCard {...props} headingId={sectionId(props.title)} data-testid={testId} />
}
