import type { ReactNode } from 'react'
import { grid } from 'styled-system/patterns'
import { Spinner } from '../../../components/ui/spinner'
import type { RegistrationDraft } from '../../../domain/registration/draft'
import { useRequiredDraft } from '../hooks/use-registration-draft'
import { Text } from '../../../components/ui/text'

/**
 * Renders its children with the stored draft; without one, reports it and calls onMissing
 * (docs/product/registration.md#flow).
 */
export function DraftGate(props: {
  onMissing: () => void
  children: (draft: RegistrationDraft) => ReactNode
}) {
  const state = useRequiredDraft(props.onMissing)
  if (state.status === 'ready') return props.children(state.draft)
  return (
    <div role="status" className={grid({ placeItems: 'center', minH: '40vh', gap: '3' })}>
      {state.status === 'loading' ? (
        <>
          <Spinner />
          <Text as="span" tone="muted" size="sm">
            Loading your application...
          </Text>
        </>
      ) : null}
    </div>
  )
}
