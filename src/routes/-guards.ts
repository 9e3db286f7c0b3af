import { redirect } from '@tanstack/react-router'
import type { RouterContext } from './-router-context'

/** Spec 2.1 and 6: protected routes need a signed-in user, that is a user and a token. */
export const isSignedIn = (context: RouterContext) => {
  const { user, token } = context.session.getState()
  return Boolean(user && token)
}

export function requireSignedIn({ context }: { context: RouterContext }) {
  if (!isSignedIn(context)) throw redirect({ to: '/', replace: true })
}

/** Where a signed-in user starts: the back office for an admin (issue 14), the account area for a customer. */
export const homeOf = (context: RouterContext): '/admin' | '/main' =>
  context.session.getState().user?.role === 'admin' ? '/admin' : '/main'

/** Spec 2.1: signed-in users who visit a register page are sent to /main (an admin to /admin). */
export function redirectSignedIn({ context }: { context: RouterContext }) {
  if (isSignedIn(context)) throw redirect({ to: homeOf(context), replace: true })
}
