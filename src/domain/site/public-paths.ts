// Path lists from spec 2.6 and 7. They differ on purpose: the 401 rule spares fewer paths than the account gate.

/**
 * Routes where no user or initial data is fetched and the account gate never shows (spec 2.6), plus the two pages a
 * mailed link opens (issue 16): the link's token is the proof, so they work signed in or not; and the legal and
 * help pages the sign-up pages link to (issue 17).
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

/** Paths on which a 401 does not clear the session (spec 7, "Session expiry"). */
export const SESSION_EXPIRY_EXEMPT_PATHS = ['/', '/login', '/register', '/forgot-password'] as const

const normalise = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname)

export const isPublicPath = (pathname: string) =>
  (PUBLIC_PATHS as readonly string[]).includes(normalise(pathname))

export const isSessionExpiryExempt = (pathname: string) =>
  (SESSION_EXPIRY_EXEMPT_PATHS as readonly string[]).includes(normalise(pathname))
