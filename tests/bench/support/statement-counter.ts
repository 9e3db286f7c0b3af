// Counts the SQL statements the server in this process runs, on either engine, so bench:orders can print statements
// per order beside its wall times: a count does not move with the machine's load. It wraps the drivers' lowest
// common call once, before any app is built:
// - PGlite: each call into its PostgreSQL whose message starts with Bind (one execution of a statement, however it
//   was parsed) or a simple Query (BEGIN, COMMIT, ROLLBACK, exec);
// - node-postgres: each Client.query (BEGIN and COMMIT included).
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'

const BIND = 'B'.charCodeAt(0)
const QUERY = 'Q'.charCodeAt(0)

let statements = 0
let installed = false

export function countStatements(): { read: () => number } {
  if (!installed) {
    installed = true
    const pglite = PGlite.prototype as unknown as { execProtocolRawSync: (message: Uint8Array) => Uint8Array }
    const execProtocolRawSync = pglite.execProtocolRawSync
    pglite.execProtocolRawSync = function (this: unknown, message: Uint8Array) {
      if (message[0] === BIND || message[0] === QUERY) statements += 1
      return execProtocolRawSync.call(this, message)
    }
    const client = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }
    const query = client.query
    client.query = function (this: unknown, ...args: unknown[]) {
      statements += 1
      return query.apply(this, args)
    }
  }
  return { read: () => statements }
}
