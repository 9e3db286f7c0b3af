// Recognising database errors the app answers for itself rather than as a 500, and what a log line may say of one
// (lib/loggable-error.ts reads a failed query through `QueryError`, so that nothing outside server/db and
// server/repositories imports drizzle-orm; decision 0039).
import { DrizzleQueryError } from 'drizzle-orm'

/** Drizzle's error for a failed query: its SQL, its bound parameters, and the driver's error as the cause. */
export { DrizzleQueryError as QueryError }

const UNIQUE_VIOLATION = '23505'

/** The violated constraint (or unique index) when `error` is a unique violation; PGlite and pg both report it. */
export function uniqueViolation(error: unknown): string | undefined {
  const cause = error instanceof DrizzleQueryError ? error.cause : error
  if (typeof cause !== 'object' || cause === null) return undefined
  const { code, constraint } = cause as { code?: unknown; constraint?: unknown }
  if (code !== UNIQUE_VIOLATION) return undefined
  return typeof constraint === 'string' ? constraint : ''
}
