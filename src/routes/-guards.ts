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

/** Spec 2.1: signed-in users who visit a register page are sent to /main. */
export function redirectSignedIn({ context }: { context: RouterContext }) {
  if (isSignedIn(context)) throw redirect({ to: '/main', replace: true })
}
