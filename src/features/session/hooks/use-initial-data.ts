import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useEffectEvent } from 'react'
import { INITIAL_DATA_DELAY_MS } from '../../../domain/account/account-gate'
import { loadCurrentUser } from '../api/get-user'

// docs/product/site-and-gates.md#account-gate: initial data loads once per login. Kept per token at module level so
// that leaving and re-entering protected pages does not load it again, while a new sign-in (a new token) does.
let loadedForToken: string | null = null

/**
 * Once a token exists on a non-public route: the current user and the route's other initial data, 100 ms after
 * mount, once per login. Failures are logged only (docs/product/api.md#errors). When the token goes, the once-flag
 * resets.
 */
export function useInitialData(token: string | null, loadOther: () => Promise<unknown>) {
  const queryClient = useQueryClient()
  const load = useEffectEvent(() => {
    loadCurrentUser(queryClient).catch((error: unknown) =>
      console.error('Failed to load the current user', error),
    )
    loadOther().catch((error: unknown) => console.error('Failed to load initial data', error))
  })

  useEffect(() => {
    if (!token) {
      loadedForToken = null
      return
    }
    if (loadedForToken === token) return
    const timer = setTimeout(() => {
      loadedForToken = token
      load()
    }, INITIAL_DATA_DELAY_MS)
    return () => clearTimeout(timer)
  }, [token])
}

/** For tests: forget which login was loaded. */
export function resetInitialDataFlag() {
  loadedForToken = null
}
