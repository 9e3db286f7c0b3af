import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from '../../../components/ui/toast'
import type { SignUpStart } from '../../../domain/contract/auth'
import { createDraft } from '../../../domain/registration/draft'
import { emailCheckOutcome } from '../../../domain/registration/email-check'
import { REGISTRATION_MESSAGES } from '../../../domain/registration/messages'
import { saveRegistrationDraft } from '../../../lib/db'
import { checkEmail } from '../api/check-email'
import { checkEmailErrorMessage, DraftStorageError } from '../utils/error-messages'
import { registrationDraftQueryKey } from './use-registration-draft'

/**
 * The start page's submit (docs/product/registration.md#flow): idle, checking, then a rejection toast or the
 * next step. An available email is stored in the draft with the password and the country the server guessed from the
 * visitor's request.
 */
export function useStartApplication(onStarted: () => void) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (values: SignUpStart) => {
      const outcome = emailCheckOutcome(await checkEmail(values.email))
      if (!outcome.available) return outcome
      const draft = createDraft({ ...values, country: outcome.country }, new Date())
      try {
        await saveRegistrationDraft(draft)
      } catch (error) {
        throw new DraftStorageError(error)
      }
      queryClient.setQueryData(registrationDraftQueryKey, draft)
      return outcome
    },
    onSuccess: (outcome) => {
      if (!outcome.available) {
        toast.error(outcome.message)
        return
      }
      toast.success(REGISTRATION_MESSAGES.EMAIL_VERIFIED)
      onStarted()
    },
    onError: (error) => {
      if (error instanceof DraftStorageError) console.error(error.message, error.cause)
      toast.error(checkEmailErrorMessage(error))
    },
  })
}
