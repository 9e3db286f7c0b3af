// POST /plans/upgrade: asks the back office to move the customer to another plan; the answer is a sentence for
// them either way (sent, already pending, already on it).
import { useMutation } from '@tanstack/react-query'
import { MessageResponseSchema } from '../../../domain/contract/user'
import { http } from '../../../lib/http'
import { serverMessage } from '../../../lib/error-message'

export const PLAN_UPGRADE_FAILED = 'Failed to send the upgrade request. Please try again.'

export async function requestPlanUpgrade(planId: number): Promise<string> {
  try {
    const body = await http.post('/plans/upgrade', { plan_id: planId }, { schema: MessageResponseSchema })
    return body.message
  } catch (error) {
    throw new Error(serverMessage(error) ?? PLAN_UPGRADE_FAILED, { cause: error })
  }
}

export const useRequestPlanUpgrade = () => useMutation({ mutationFn: requestPlanUpgrade })
