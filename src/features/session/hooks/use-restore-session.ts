import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { sessionStore } from '../../../lib/session-store'
import { loadCurrentUser } from '../api/get-user'

/**
 * docs/product/sign-in-and-security.md#session: with no stored token loading ends at once with no request; otherwise
 * the current user is fetched and stored, and loading ends on success or failure. A failed fetch is only logged; it
 * does not sign out (a 401 does, through the http client's rule).
 */
export function useRestoreSession() {
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!sessionStore.getState().token) {
      sessionStore.finishLoading()
      return
    }
    loadCurrentUser(queryClient)
      .catch((error: unknown) => console.error('Failed to restore the session', error))
      .finally(() => sessionStore.finishLoading())
  }, [queryClient])
}
