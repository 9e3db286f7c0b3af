// Which screen the account gate shows (docs/product/site-and-gates.md#account-gate, and states 1-2 of
// #full-screen-states). Pure.
import { USER_STATUS, type User } from '../contract/user'
import { isPublicPath } from '../site/public-paths'

export type AccountGateState = 'disabled' | 'pending' | 'content'

export function accountGateState(pathname: string, user: Pick<User, 'status'> | null): AccountGateState {
  if (isPublicPath(pathname) || !user) return 'content'
  if (user.status === USER_STATUS.DEACTIVATED) return 'disabled'
  if (user.status === USER_STATUS.PENDING) return 'pending'
  return 'content'
}

/** docs/product/site-and-gates.md#account-gate: the first initial-data load waits 100 ms after mount. */
export const INITIAL_DATA_DELAY_MS = 100
/**
 * docs/product/realtime.md#polling-fallback and #timings: without a live connection, user data is polled every 30 s.
 */
export const USER_POLL_MS = 30_000

export const ACCOUNT_DISABLED_MESSAGE = 'Your account is currently disabled, please contact support.'
export const AWAITING_APPROVAL_MESSAGE = 'Your account is awaiting approval from the Client Management Team'
