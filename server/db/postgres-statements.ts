// node-postgres has the server parse and plan every unnamed statement anew. Drizzle's statements are few, fixed
// texts, so each pooled connection gets them as named prepared statements: Parse once per connection, then Bind
// and Execute, and PostgreSQL keeps a generic plan once it costs no more than a custom one (decision 0035).
// node-postgres already does this for a query with a name; this only gives each data statement's text one.
import type pg from 'pg'

/** Statements that are planned, so worth keeping prepared; utility statements are not. */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i

/**
 * How many statements one connection prepares: far more than the app's distinct statements, fewer than the texts a
 * variable-length `IN (...)` could make over a long life. Past it, a new text runs unnamed, as before.
 */
export const STATEMENTS_PER_CONNECTION = 1_000

/** One name per text, the same on every connection (node-postgres refuses one name for two texts). */
const names = new Map<string, string>()
/** Texts named in this process at most; past it a new text runs unnamed. */
const MAX_NAMES = 10 * STATEMENTS_PER_CONNECTION

interface QueryConfig {
  text?: unknown
  name?: unknown
}

/** Names the data statements `client` runs from now on; call it on the pool's 'connect'. */
export function nameStatements(client: pg.PoolClient, capacity: number = STATEMENTS_PER_CONNECTION): void {
  const prepared = new Set<string>()
  const query = client.query.bind(client) as (...args: unknown[]) => unknown
  client.query = ((config: unknown, ...rest: unknown[]) => {
    if (config === null || typeof config !== 'object') return query(config, ...rest)
    const { text, name } = config as QueryConfig
    if (name !== undefined || typeof text !== 'string' || !PREPARABLE.test(text))
      return query(config, ...rest)
    let statement = names.get(text)
    if (statement === undefined) {
      if (names.size >= MAX_NAMES) return query(config, ...rest)
      statement = `drizzle_s${names.size + 1}`
      names.set(text, statement)
    }
    if (!prepared.has(statement)) {
      if (prepared.size >= capacity) return query(config, ...rest)
      prepared.add(statement)
    }
    return query({ ...config, name: statement }, ...rest)
  }) as typeof client.query
}
