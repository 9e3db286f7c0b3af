// POST /update/autotrader (docs/product/api.md#calls and docs/product/marketplace.md#auto-trader): asks for the auto
// trader at a level; the request then awaits an admin's approval, which arrives as user.updated with the autotrader
// flag set. Until then the user says autotrader_request_status 'pending' (decision 0022), so the user is fetched
// again once the request is saved.
import { useMutation } from '@tanstack/react-query'
import { MessageResponseSchema } from '../../../domain/contract/user'
import type { AutotraderLevel } from '../../../domain/contract/catalog'
import { autotraderFailureMessage } from '../../../domain/marketplace/auto-trader'
import { http } from '../../../lib/http'
import { serverMessage } from '../../../lib/error-message'

/** Rejects with an Error whose message is the one to show (docs/product/marketplace.md#auto-trader). */
export async function requestAutoTrader(level: AutotraderLevel): Promise<string> {
  try {
    const body = await http.post(
      '/update/autotrader',
      { autotrader_type: level },
      { schema: MessageResponseSchema },
    )
    return body.message
  } catch (error) {
    throw new Error(autotraderFailureMessage(serverMessage(error)), { cause: error })
  }
}

/** `onAccountChanged` reloads the signed-in user (its pending request), which the session feature owns. */
export const useRequestAutoTrader = (onAccountChanged: () => Promise<unknown>) =>
  useMutation({ mutationFn: requestAutoTrader, onSuccess: () => onAccountChanged() })
