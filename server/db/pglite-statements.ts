// PGlite's own `query()` runs every statement as six calls into its wasm PostgreSQL (Parse, Describe statement,
// Bind, Describe portal, Execute, Sync), parsing and planning the text each time. Measured on the order path, that
// was most of the CPU an order took (decision 0035). This client gives Drizzle the same `query()` and
// `transaction()`, but runs each data statement as a named prepared statement: parsed and described once per
// connection, then one call per execution (Bind, Execute, Sync), and after five executions PostgreSQL keeps a
// generic plan when it costs no more than a custom one. Values are serialised by the parameter types PostgreSQL
// described and rows parsed by the row description it gave, with PGlite's own serialisers, parsers and result
// shape, so callers see what `query()` answers. Anything else (DDL, savepoints, SET) still goes through PGlite's
// own path.
import {
  parse,
  protocol,
  types,
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite'

/** Statements that are planned, so worth keeping prepared; utility statements are not. */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i

/**
 * How many prepared statements the connection keeps: far more than the app's distinct statements, fewer than the
 * texts a variable-length `IN (...)` could make over a long life. The least recently used is closed first.
 */
export const PREPARED_STATEMENT_CAPACITY = 1_000

type BackendMessage = Awaited<ReturnType<PGlite['execProtocol']>>['messages'][number]
type Parser = (value: string, typeId: number) => unknown
interface Field {
  name: string
  dataTypeID: number
}

interface Prepared {
  name: string
  /** The parameters' type oids, as PostgreSQL described them: what each value is serialised as. */
  paramTypes: number[]
  /** The columns of the rows it returns, from PostgreSQL's row description (none for a plain write). */
  fields: Field[]
}

/** Names are unique in the process, so two clients on one PGlite (as in a test) never take the same. */
let nextId = 0

/** What Drizzle's PGlite session calls. */
export type StatementClient = Pick<PGlite, 'query' | 'transaction'>

function concat(parts: Uint8Array[]): Uint8Array {
  let length = 0
  for (const part of parts) length += part.length
  const out = new Uint8Array(length)
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.length
  }
  return out
}

/** The same fields PGlite adds to a DatabaseError it throws from `query()`. */
function withQuery(error: unknown, query: string, params: unknown[], options: QueryOptions | undefined) {
  if (error !== null && typeof error === 'object' && 'code' in error) {
    Object.assign(error, { query, params, queryOptions: options })
  }
  return error
}

export function preparedStatementClient(
  client: PGlite,
  capacity: number = PREPARED_STATEMENT_CAPACITY,
): StatementClient {
  const { serialize } = protocol
  /** By text, least recently used first (a Map keeps insertion order; a use moves the entry to the end). */
  const statements = new Map<string, Prepared>()

  async function prepare(text: string, options: QueryOptions | undefined): Promise<Prepared> {
    if (statements.size >= capacity) {
      const [oldestText, oldest] = statements.entries().next().value as [string, Prepared]
      statements.delete(oldestText)
      await client.execProtocol(
        concat([serialize.close({ type: 'S', name: oldest.name }), serialize.sync()]),
        {
          syncToFs: false,
        },
      )
    }
    nextId += 1
    const name = `pglite_s${nextId}`
    const { messages } = await client.execProtocol(
      concat([
        serialize.parse({ name, text, ...(options?.paramTypes ? { types: options.paramTypes } : {}) }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    )
    const rowDescription = messages.find((message) => message.name === 'rowDescription') as
      { fields: Field[] } | undefined
    const prepared: Prepared = {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      fields: (rowDescription?.fields ?? []).map(({ name, dataTypeID }) => ({ name, dataTypeID })),
    }
    statements.set(text, prepared)
    return prepared
  }

  /** Runs one statement; the caller holds PGlite's query lock (and its transaction lock outside a transaction). */
  async function run<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
  ): Promise<Results<T>> {
    try {
      let prepared = statements.get(text)
      if (prepared) {
        statements.delete(text)
        statements.set(text, prepared)
      } else {
        prepared = await prepare(text, options)
      }
      const { paramTypes } = prepared
      // As PGlite's query(): the serialiser of the type PostgreSQL expects, else the value's own text.
      const values = params.map((param, index) => {
        if (param === null || param === undefined) return null
        const oid = paramTypes[index] ?? 0
        const serializer = options?.serializers?.[oid] ?? client.serializers[oid]
        return serializer ? serializer(param) : String(param)
      })
      const { messages } = await client.execProtocol(
        concat([
          serialize.bind({ statement: prepared.name, values }),
          serialize.execute({}),
          serialize.sync(),
        ]),
        { syncToFs: false },
      )
      return resultOf<T>(prepared.fields, messages, options)
    } catch (error) {
      throw withQuery(error, text, params, options)
    }
  }

  /**
   * PGlite's parseResults() for one statement's messages, with the fields described at preparation. It looks each
   * column's parser up once, where PGlite's copies its 318 parsers into a new object for every statement.
   */
  function resultOf<T>(fields: Field[], messages: BackendMessage[], options: QueryOptions | undefined) {
    const parsers = fields.map(
      ({ dataTypeID }) =>
        (options?.parsers?.[dataTypeID] ?? client.parsers[dataTypeID] ?? types.parsers[dataTypeID]) as
          Parser | undefined,
    )
    const cell = (value: string | null, index: number) => {
      if (value === null) return null
      const parser = parsers[index]
      return parser ? parser(value, fields[index]!.dataTypeID) : value
    }
    const rows: unknown[] = []
    const result: Results<T> & { command?: string; rowCount?: number } = {
      rows: rows as T[],
      fields,
      affectedRows: 0,
    }
    for (const message of messages) {
      if (message.name === 'dataRow') {
        const values = (message as unknown as { fields: (string | null)[] }).fields
        if (options?.rowMode === 'array') {
          rows.push(values.map(cell))
        } else {
          const row: Record<string, unknown> = {}
          values.forEach((value, index) => (row[fields[index]!.name] = cell(value, index)))
          rows.push(row)
        }
      } else if (message.name === 'commandComplete') {
        // A tag that carries a row count ends in it ('SELECT 2', 'UPDATE 3', 'INSERT 0 5').
        const parts = (message as unknown as { text: string }).text.split(' ')
        const command = parts[0]!
        const rowCount = Number.parseInt(parts.at(-1)!, 10)
        result.command = command
        if (!Number.isNaN(rowCount)) result.rowCount = rowCount
        if (['INSERT', 'UPDATE', 'DELETE', 'MERGE'].includes(command)) result.affectedRows = rowCount
      }
    }
    return result
  }

  const usesPglitePath = (text: string, options: QueryOptions | undefined) =>
    !PREPARABLE.test(text) || options?.blob !== undefined || client.closed

  return {
    query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
      if (usesPglitePath(text, options)) return client.query<T>(text, params, options)
      // As PGlite's query(): never inside another caller's transaction, and synced to the file system after.
      return client._runExclusiveTransaction(() =>
        client._runExclusiveQuery(async () => {
          const result = await run<T>(text, params, options)
          await client.syncToFs()
          return result
        }),
      )
    },

    transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
      // PGlite's own transaction (BEGIN, COMMIT or ROLLBACK, the closed check); only its queries take this path.
      return client.transaction((tx) =>
        callback({
          query: <R>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<R>> => {
            if (tx.closed || usesPglitePath(text, options)) return tx.query<R>(text, params, options)
            return client._runExclusiveQuery(() => run<R>(text, params, options))
          },
          sql: tx.sql,
          exec: tx.exec,
          rollback: tx.rollback,
          listen: tx.listen,
          get closed() {
            return tx.closed
          },
        }),
      )
    },
  }
}
