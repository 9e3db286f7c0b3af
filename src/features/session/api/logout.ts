import { useMutation, useQueryClient } from '@tanstack/react-query'
import { http } from '../../../lib/http'
import { sessionStore } from '../../../lib/session-store'
import { userQueryKey } from './get-user'

export async function logout() {
  // Revoke the token on the server, but sign out locally whatever it answers: a user who asked to leave leaves.
  try {
    await http.post('/auth/logout')
  } catch {
    // Logged by the http client already.
  }
}

export function useLogout() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      // docs/architecture.md#offline: logout clears the user's data from IndexedDB (chat history, last known
      // positions). Dexie (33 KB gzip) is loaded here, not with every signed-in page that shows the sign-out button.
      import('../../../lib/db')
        .then((db) => db.clearUserData())
        .catch((error: unknown) => console.error('Failed to clear local data', error))
      sessionStore.clear()
      queryClient.removeQueries({ queryKey: userQueryKey })
    },
  })
}
