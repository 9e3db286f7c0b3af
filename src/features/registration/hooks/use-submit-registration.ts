import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from '../../../components/ui/toast'
import type { RegistrationPayload } from '../../../domain/contract/auth'
import { registrationSuccessMessage } from '../../../domain/registration/email-check'
import { deleteRegistrationDraft } from '../../../lib/db'
import { register } from '../api/register'
import { registrationErrorMessage } from '../utils/error-messages'
import { registrationDraftQueryKey } from './use-registration-draft'

/**
 * POST /auth/register, then (docs/product/registration.md#flow) the draft is deleted and the visitor goes on. Field
 * errors of a failure are the form's business: the caller passes `onFieldErrors` through `mutate`'s options.
 */
export function useSubmitRegistration(onRegistered: () => void) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (payload: RegistrationPayload) => register(payload),
    onSuccess: async (user) => {
      try {
        await deleteRegistrationDraft()
      } catch (error) {
        // The account exists; a draft left behind expires within 24 h anyway.
        console.error('Could not delete the registration draft', error)
      }
      queryClient.removeQueries({ queryKey: registrationDraftQueryKey })
      toast.success(registrationSuccessMessage(user.status))
      onRegistered()
    },
    onError: (error) => {
      toast.error(registrationErrorMessage(error))
    },
  })
}
