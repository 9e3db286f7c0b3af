// Recognising database errors the app answers for itself rather than as a 500.
import { DrizzleQueryError } from 'drizzle-orm'

const UNIQUE_VIOLATION = '23505'

/** The violated constraint (or unique index) when `error` is a unique violation; PGlite and pg both report it. */
export function uniqueViolation(error: unknown): string | undefined {
  const cause = error instanceof DrizzleQueryError ? error.cause : error
  if (typeof cause !== 'object' || cause === null) return undefined
  const { code, constraint } = cause as { code?: unknown; constraint?: unknown }
  if (code !== UNIQUE_VIOLATION) return undefined
  return typeof constraint === 'string' ? constraint : ''
}
