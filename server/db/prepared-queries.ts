// Drizzle builds a query's SQL text anew on every call: each column named, quoted and checked. For a row of 20 to 40
// columns that cost more CPU than PGlite took to run the statement (decision 0035: 240-500 us for the sign-in
// token's lookup, 60-90 us prepared). A query on the hot path is therefore built once, with sql.placeholder() for
// its values, and prepared with a name (`.prepare()`). Drizzle binds a prepared query to the client it was built on,
// the database's; `inTransaction` runs it on a transaction's own client instead (PGlite's transaction, or the pooled
// connection node-postgres holds the transaction on), so it sees and takes part in that transaction.
import type { Db } from './client'

/** What `.prepare()` answers, whatever the builder. */
export interface PreparedQuery<Result> {
  execute(placeholders?: Record<string, unknown>): Promise<Result>
}

/** A transaction's executor, as `db.transaction` hands it to its callback. */
export type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0]

/** Drizzle's own fields: a session's driver client, and the client a prepared query runs on. */
interface WithSession {
  session?: { client?: unknown }
}

/** Runs `query`, prepared on the database, on `tx`'s client, inside that transaction. */
export function inTransaction<Result>(
  query: PreparedQuery<Result>,
  tx: Transaction,
  placeholders: Record<string, unknown>,
): Promise<Result> {
  const client = (tx as unknown as WithSession).session?.client
  if (client === undefined) throw new Error('a prepared query needs a transaction with a driver client')
  // The same prepared query (SQL, fields, mapping) with the transaction's client in place of the database's.
  const bound = Object.create(query, { client: { value: client } }) as PreparedQuery<Result>
  return bound.execute(placeholders)
}
