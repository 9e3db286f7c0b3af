// POST /purchase/ea (docs/product/api.md#calls and docs/product/marketplace.md#buying-an-advisor): the server debits
// the balance; afterwards the user (balance, eas) and the catalogue (owned) are fetched again.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { PurchaseExpertAdvisorResponseSchema } from '../../../domain/contract/catalog'
import { purchaseFailureMessage } from '../../../domain/marketplace/advisors'
import { http } from '../../../lib/http'
import { serverMessage } from '../../../lib/error-message'
import { catalogQueryKey } from './get-catalog'

/**
 * Resolves with the server's success message; rejects with an Error whose message is the one to show
 * (docs/product/marketplace.md#buying-an-advisor).
 */
export async function purchaseExpertAdvisor(expertAdvisorId: number): Promise<string> {
  let body
  try {
    body = await http.post(
      '/purchase/ea',
      { expert_advisor_id: expertAdvisorId },
      { schema: PurchaseExpertAdvisorResponseSchema },
    )
  } catch (error) {
    throw new Error(purchaseFailureMessage(serverMessage(error)), { cause: error })
  }
  if (body.status !== 'success') throw new Error(purchaseFailureMessage(body.message))
  return body.message
}

/** `onAccountChanged` reloads the signed-in user (its balance and eas), which the session feature owns. */
export function usePurchaseExpertAdvisor(onAccountChanged: () => Promise<unknown>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: purchaseExpertAdvisor,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: catalogQueryKey }), onAccountChanged()]),
  })
}
