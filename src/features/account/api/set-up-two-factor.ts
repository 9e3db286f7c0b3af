// POST /user/two-factor/setup: a new secret (and its otpauth URI for the QR code), not in force until confirmed.
import { useMutation } from '@tanstack/react-query'
import { TwoFactorSetupResponseSchema } from '../../../domain/contract/two-factor'
import { http } from '../../../lib/http'

export async function setUpTwoFactor() {
  const body = await http.post('/user/two-factor/setup', undefined, { schema: TwoFactorSetupResponseSchema })
  return body.data
}

export const useSetUpTwoFactor = () => useMutation({ mutationFn: setUpTwoFactor })
