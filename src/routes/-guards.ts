import { notFound, redirect } from '@tanstack/react-router'
import { safeParse } from '../domain/guard'
import { serialIdParam } from '../domain/search-params'
import type { RouterContext } from './-router-context'

/**
 * docs/product/site-and-gates.md#routes and docs/product/sign-in-and-security.md#roles-and-permissions: protected
 * routes need a signed-in user, that is a user and a token.
 */
export const isSignedIn = (context: RouterContext) => {
  const { user, token } = context.session.getState()
  return Boolean(user && token)
}

export function requireSignedIn({ context }: { context: RouterContext }) {
  if (!isSignedIn(context)) throw redirect({ to: '/', replace: true })
}

/** Where a signed-in user starts: the back office for an admin (decision 0017), the account area for a customer. */
export const homeOf = (context: RouterContext): '/admin' | '/main' =>
  context.session.getState().user?.role === 'admin' ? '/admin' : '/main'

/**
 * docs/product/site-and-gates.md#routes: signed-in users who visit a register page are sent to /main (an admin to
 * /admin).
 */
export function redirectSignedIn({ context }: { context: RouterContext }) {
  if (isSignedIn(context)) throw redirect({ to: homeOf(context), replace: true })
}

/**
 * A row's id from the path (/admin/clients/12): a path whose id could name no row (abc, 0, past the table's range)
 * is a page that does not exist, and shows "Page not found" rather than a failed page.
 */
export function idFromPath(raw: string): number {
  const id = safeParse(serialIdParam(), raw)
  if (!id.success) throw notFound()
  return id.data
}
