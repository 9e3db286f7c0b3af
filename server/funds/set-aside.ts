// How the funds jobs treat a row that fails (docs/decisions/0033-hardening-second-round.md): each row's work stands
// alone, so one that throws does not stop the rest of the pass; its failure is counted on the row, and after
// ROW_TRIES_BEFORE_SET_ASIDE the row is set aside with its reason instead of being tried forever. One sandbox-chain
// transfer whose credit overflowed the balance column once failed every pass, oldest first, and so held back every
// other customer's confirmations.
import type { FastifyBaseLogger } from 'fastify'
import { databaseErrorCode, loggableError } from '../lib/loggable-error'

/**
 * Failed passes a row gets before it is set aside. A passing fault (a deadlock, a serialization failure, a
 * connection dropped mid-pass) clears within a pass or two, and while the database is unreachable no failure can be
 * counted at all; a row the database refuses for its own data (an amount the balance cannot hold) fails the same way
 * every time. Five passes are 10 s of the sandbox chain and five hours of the savings job: long enough for the one,
 * short enough that the other is in the back office the same day.
 */
export const ROW_TRIES_BEFORE_SET_ASIDE = 5

/** SQLSTATE numeric_value_out_of_range: a sum the numeric(18,2) column cannot hold. */
const NUMERIC_OUT_OF_RANGE = '22003'

/** Why a row was set aside, in words its owner and the back office can read; never the query or its values. */
export function setAsideReason(what: string, error: unknown): string {
  const code = databaseErrorCode(error)
  const why =
    code === NUMERIC_OUT_OF_RANGE
      ? 'the amount would take the balance beyond what an account can hold'
      : code === undefined
        ? 'an unexpected error'
        : `the database refused it (error ${code})`
  return `${what} could not be credited and was set aside after ${ROW_TRIES_BEFORE_SET_ASIDE} tries: ${why}.`
}

/**
 * Runs `work` for each row on its own. A row that throws goes to `failed`, which counts the try on the row (and may
 * set it aside); the next row goes on. A failure of `failed` itself (the database gone) ends the pass: every row
 * would fail alike, and the next pass starts over.
 */
export async function eachRowOnItsOwn<Row>(
  rows: readonly Row[],
  work: (row: Row) => Promise<void>,
  failed: (row: Row, error: unknown) => Promise<void>,
): Promise<void> {
  for (const row of rows) {
    try {
      await work(row)
    } catch (error) {
      await failed(row, error)
    }
  }
}

/** The log lines of a row's failure: a warning for each try, an error once it is set aside. Safe summaries only. */
export function logRowFailure(
  log: FastifyBaseLogger,
  job: string,
  row: Record<string, number | string>,
  error: unknown,
  outcome: { failures: number; setAside: boolean },
): void {
  const fields = { ...row, failures: outcome.failures, err: loggableError(error) }
  if (outcome.setAside) log.error(fields, `${job}: a row set aside after ${outcome.failures} failed tries`)
  else log.warn(fields, `${job}: a row failed; the next pass tries it again`)
}
