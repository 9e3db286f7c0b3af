import { queryOptions, useQuery } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { toast } from '../../../components/ui/toast'
import type { RegistrationDraft } from '../../../domain/registration/draft'
import { REGISTRATION_MESSAGES } from '../../../domain/registration/messages'
import { readRegistrationDraft } from '../../../lib/db'

export const registrationDraftQueryKey = ['registration-draft'] as const

export const registrationDraftQueryOptions = () =>
  queryOptions({
    queryKey: registrationDraftQueryKey,
    queryFn: async (): Promise<RegistrationDraft | null> => {
      try {
        return await readRegistrationDraft(new Date())
      } catch (error) {
        // No IndexedDB (some private modes) reads as no draft: the visitor starts again at /signup.
        console.error('Could not read the registration draft', error)
        return null
      }
    },
    // It holds a password: read fresh on every visit and drop it from memory as soon as no page shows it.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  })

export type DraftState =
  { status: 'loading' } | { status: 'missing' } | { status: 'ready'; draft: RegistrationDraft }

/**
 * The draft the setup step and /register need (docs/product/registration.md#flow): with none (or an expired one) the
 * error 'Please complete the registration process first' shows once and `onMissing` runs (the route sends the visitor
 * to /signup).
 */
export function useRequiredDraft(onMissing: () => void): DraftState {
  const query = useQuery(registrationDraftQueryOptions())
  const missing = query.isSuccess && query.data === null
  const handled = useRef(false)
  const onMissingRef = useRef(onMissing)
  useEffect(() => {
    onMissingRef.current = onMissing
  })
  useEffect(() => {
    if (!missing || handled.current) return
    handled.current = true
    // A fixed id: StrictMode's double effect (and a quick second visit) update one toast instead of stacking two.
    toast.error(REGISTRATION_MESSAGES.DRAFT_MISSING, { id: 'registration-draft-missing' })
    onMissingRef.current()
  }, [missing])
  if (query.isPending) return { status: 'loading' }
  if (!query.data) return { status: 'missing' }
  return { status: 'ready', draft: query.data }
}
