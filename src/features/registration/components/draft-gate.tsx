import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { Spinner } from '../../../components/ui/spinner'
import type { RegistrationDraft } from '../../../domain/registration/draft'
import { useRequiredDraft } from '../hooks/use-registration-draft'

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
    <div role="status" className={css({ display: 'grid', placeItems: 'center', minH: '40vh', gap: '3' })}>
      {state.status === 'loading' ? (
        <>
          <Spinner />
          <span className={css({ color: 'text.muted', fontSize: 'sm' })}>Loading your application...</span>
        </>
      ) : null}
    </div>
  )
}
