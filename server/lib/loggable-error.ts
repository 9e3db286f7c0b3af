// What a log line may say about an error. A failed query's message (and the first line of its stack) lists the
// query's bound parameters, which can be password or token hashes, amounts and ids: the HTTP error handler and the
// jobs log the SQL and the database's own error instead (decisions 0018 and 0033).
import { QueryError } from '../db/errors'

/** The error as pino may serialise it: a failed query without its parameters, anything else as it is. */
export function loggableError(error: unknown): Error | Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) }
  if (!(error instanceof QueryError)) return error
  const cause = error.cause instanceof Error ? error.cause : undefined
  return {
    type: 'DrizzleQueryError',
    message: 'Failed query (parameters withheld)',
    code: databaseErrorCode(error),
    query: error.query,
    cause: cause && { message: cause.message, code: databaseErrorCode(error) },
    // The stack opens with the message, parameters included: keep only the frames.
    stack: error.stack
      ?.split('\n')
      .filter((line) => line.trimStart().startsWith('at '))
      .join('\n'),
  }
}

/** The SQLSTATE of a failed query ('22003': numeric value out of range), on PGlite and PostgreSQL alike. */
export function databaseErrorCode(error: unknown): string | undefined {
  const cause = error instanceof QueryError ? error.cause : error
  const code = (cause as { code?: unknown } | undefined)?.code
  return typeof code === 'string' ? code : undefined
}
