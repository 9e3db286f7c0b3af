// Path lists from docs/product/site-and-gates.md#full-screen-states and
// docs/product/sign-in-and-security.md#session-expiry. They differ on purpose: the 401 rule spares fewer paths than
// the account gate.

/**
 * Routes where no user or initial data is fetched and the account gate never shows
 * (docs/product/site-and-gates.md#full-screen-states), plus the two pages a mailed link opens (decision 0020): the
 * link's token is the proof, so they work signed in or not; and the legal and help pages the sign-up pages link to
 * (decision 0022).
 */
export const PUBLIC_PATHS = [
  '/register/country-residence',
  '/signup',
  '/',
  '/login',
  '/auto-login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/confirm-email',
  '/legal/terms',
  '/legal/privacy',
  '/legal/risk-disclosure',
  '/help',
] as const

/** Paths on which a 401 does not clear the session (docs/product/sign-in-and-security.md#session-expiry). */
export const SESSION_EXPIRY_EXEMPT_PATHS = ['/', '/login', '/register', '/forgot-password'] as const

const normalise = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname)

export const isPublicPath = (pathname: string) =>
  (PUBLIC_PATHS as readonly string[]).includes(normalise(pathname))

export const isSessionExpiryExempt = (pathname: string) =>
  (SESSION_EXPIRY_EXEMPT_PATHS as readonly string[]).includes(normalise(pathname))
