import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from '../../../components/ui/toast'
import type { CountryResidence } from '../../../domain/contract/auth'
import type { RegistrationDraft } from '../../../domain/registration/draft'
import { REGISTRATION_MESSAGES } from '../../../domain/registration/messages'
import { saveRegistrationDraft } from '../../../lib/db'
import { registrationDraftQueryKey } from './use-registration-draft'

/**
 * The setup step (docs/product/registration.md#flow): residence, nationality and the privacy agreement join the
 * draft.
 */
export function useSaveSetupStep(draft: RegistrationDraft, onSaved: () => void) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (values: CountryResidence) => {
      const next: RegistrationDraft = {
        ...draft,
        countryOfResidence: values.countryOfResidence,
        nationality: values.nationality,
        agreePrivacy: values.agreePrivacy,
      }
      await saveRegistrationDraft(next)
      queryClient.setQueryData(registrationDraftQueryKey, next)
    },
    onSuccess: onSaved,
    onError: (error) => {
      console.error('Could not store the setup step', error)
      toast.error(REGISTRATION_MESSAGES.UNKNOWN_ERROR)
    },
  })
}
