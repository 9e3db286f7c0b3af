import { useQueryClient } from '@tanstack/react-query'
import { useLocation } from '@tanstack/react-router'
import { Ban, Hourglass } from 'lucide-react'
import { useEffect, useState, type ReactNode } from 'react'
import { Button } from '../../../components/ui/button'
import { FullScreenState } from '../../../components/full-screen-state'
import {
  ACCOUNT_DISABLED_MESSAGE,
  accountGateState,
  AWAITING_APPROVAL_MESSAGE,
  USER_POLL_MS,
} from '../../../domain/account/account-gate'
import { loadCurrentUser } from '../api/get-user'
import { useLogout } from '../api/logout'
import { useSession } from '../hooks/use-session'

/**
 * Holds a signed-in customer at the right screen (docs/product/site-and-gates.md#account-gate; states 1 and 2 of
 * #full-screen-states).
 */
export function AccountGate(props: { children: ReactNode; onSignedOut: () => void }) {
  const pathname = useLocation({ select: (location) => location.pathname })
  const status = useSession((state) => state.user?.status ?? null)
  const state = accountGateState(pathname, status ? { status } : null)
  const queryClient = useQueryClient()
  const logout = useLogout()
  const [checking, setChecking] = useState(false)

  // Until the live connection tells us (realtime core), a waiting customer's approval is picked up by the
  // 30 s user polling of docs/product/realtime.md#polling-fallback, so the screen releases by itself.
  useEffect(() => {
    if (state !== 'pending') return
    const timer = setInterval(() => {
      loadCurrentUser(queryClient, { fresh: true }).catch((error: unknown) =>
        console.error('Failed to refresh the user', error),
      )
    }, USER_POLL_MS)
    return () => clearInterval(timer)
  }, [state, queryClient])

  const checkStatus = () => {
    setChecking(true)
    loadCurrentUser(queryClient, { fresh: true })
      .catch((error: unknown) => console.error('Failed to refresh the user', error))
      .finally(() => setChecking(false))
  }

  if (state === 'disabled') {
    return (
      <FullScreenState
        icon={<Ban size={28} />}
        tone="danger"
        title="Account Currently Disabled"
        actions={
          <Button onClick={checkStatus} loading={checking}>
            Check Status
          </Button>
        }
      >
        <p>{ACCOUNT_DISABLED_MESSAGE}</p>
      </FullScreenState>
    )
  }
  if (state === 'pending') {
    return (
      <FullScreenState
        icon={<Hourglass size={28} />}
        tone="warning"
        title="Awaiting Approval"
        actions={
          <Button
            variant="outline"
            loading={logout.isPending}
            onClick={() => logout.mutate(undefined, { onSettled: props.onSignedOut })}
          >
            Logout
          </Button>
        }
      >
        <p>{AWAITING_APPROVAL_MESSAGE}</p>
      </FullScreenState>
    )
  }
  return props.children
}
